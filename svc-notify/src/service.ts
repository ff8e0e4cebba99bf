import { EventInbox, startService, type RunningService } from '@altmed/service-kit';
import type { NotifyConfig } from './config';
import { createSmtpMailer } from './mail/mailer';
import { welcomeConsumer } from './welcome/welcome.handler';

export function startNotifyService(config: NotifyConfig): Promise<RunningService> {
  return startService({
    name: 'svc-notify',
    config,
    async setup({ connection, broker }) {
      const inbox = new EventInbox(connection);
      const mailer = createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
      broker.consume(welcomeConsumer({ inbox, mailer, siteUrl: config.SITE_URL }, { queueSuffix: config.EVENT_QUEUE_SUFFIX }));
      return { stop: async () => mailer.close() };
    },
  });
}
