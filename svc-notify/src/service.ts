import { EventInbox, identityTokenVerifier, startService, type RunningService } from '@altmed/service-kit';
import type { NotifyConfig } from './config';
import { createSmtpMailer } from './mail/mailer';
import { receiptModel } from './subscription/receipt.model';
import { adminInvitationConsumer } from './admin-invitation/admin-invitation.handler';
import {
  accountDeletionConsumer,
  membershipReminderConsumer,
  receiptResendConsumer,
  refundEmailConsumer,
  subscriptionConsumer,
} from './subscription/subscription.domain';
import { subscriptionRouter } from './subscription/subscription.routes';
import { passwordResetConsumer } from './password-reset/password-reset.handler';
import { providerStatusConsumer } from './provider-status/provider-status.handler';
import { welcomeConsumer } from './welcome/welcome.handler';
import { supportMessageModel } from './support/support-message.model';
import { KeptSupportList } from './support/kept-support-list';
import { supportConsumers, type SupportDeps } from './support/support.domain';
import { supportRouter } from './support/support.routes';
import { providerEmailsRouter } from './providers/provider-emails.routes';
import { providerRegisteredConsumer, type ProviderEmailDeps } from './providers/provider-registered.handler';

export function startNotifyService(config: NotifyConfig): Promise<RunningService> {
  return startService({
    name: 'svc-notify',
    api: 'notify',
    config,
    async setup({ connection, broker, app, logger, relayOutbox, metrics }) {
      const inbox = new EventInbox(connection);
      const mailer = createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
      const receipts = receiptModel(connection);
      await receipts.init();
      broker.consume(welcomeConsumer({ inbox, mailer, siteUrl: config.SITE_URL }, { queueSuffix: config.EVENT_QUEUE_SUFFIX }));
      broker.consume(subscriptionConsumer({ inbox, mailer, receipts, siteUrl: config.SITE_URL }, { queueSuffix: config.EVENT_QUEUE_SUFFIX }));
      broker.consume(receiptResendConsumer({ inbox, mailer, receipts, siteUrl: config.SITE_URL }, { queueSuffix: config.EVENT_QUEUE_SUFFIX }));
      broker.consume(refundEmailConsumer({ inbox, mailer, receipts, siteUrl: config.SITE_URL }, { queueSuffix: config.EVENT_QUEUE_SUFFIX }));
      broker.consume(membershipReminderConsumer({ inbox, mailer, receipts, siteUrl: config.SITE_URL }, { queueSuffix: config.EVENT_QUEUE_SUFFIX }));
      broker.consume(accountDeletionConsumer({ inbox, mailer, receipts, siteUrl: config.SITE_URL }, { queueSuffix: config.EVENT_QUEUE_SUFFIX }));
      app.use(subscriptionRouter({ receipts }, identityTokenVerifier(config)));
      const providerEmails: ProviderEmailDeps = { inbox, mailer, siteUrl: config.SITE_URL, adminNotifyEmail: config.adminNotifyEmail };
      broker.consume(providerRegisteredConsumer(providerEmails, { queueSuffix: config.EVENT_QUEUE_SUFFIX }));
      app.use(providerEmailsRouter(providerEmails, identityTokenVerifier(config)));
      broker.consume(passwordResetConsumer({ inbox, mailer, siteUrl: config.SITE_URL }, { queueSuffix: config.EVENT_QUEUE_SUFFIX }));
      broker.consume(adminInvitationConsumer({ inbox, mailer, siteUrl: config.SITE_URL }, { queueSuffix: config.EVENT_QUEUE_SUFFIX }));
      broker.consume(providerStatusConsumer({ inbox, mailer, siteUrl: config.SITE_URL }, { queueSuffix: config.EVENT_QUEUE_SUFFIX }));
      const supportMessages = supportMessageModel(connection);
      await supportMessages.init();
      const supportList = new KeptSupportList(supportMessages, { logger, metrics });
      supportList.kept.subscribe(broker);
      // Not awaited: messages are taken and emails sent while the Support Center's list is read.
      supportList.kept.readInBackground();
      const support: SupportDeps = {
        messages: supportMessages,
        inbox,
        mailer,
        siteUrl: config.SITE_URL,
        supportTeamEmail: config.adminNotifyEmail,
        supportList,
        onEventsWritten: relayOutbox([supportMessages]),
      };
      for (const consumer of supportConsumers(support, { queueSuffix: config.EVENT_QUEUE_SUFFIX })) broker.consume(consumer);
      app.use(supportRouter(support, identityTokenVerifier(config)));
      return {
        stop: async () => {
          supportList.kept.stop();
          mailer.close();
        },
      };
    },
  });
}
