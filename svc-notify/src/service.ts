import {
  EventBroker,
  EventInbox,
  connectDatabase,
  createHttpApp,
  createLogger,
  finishHttpApp,
  isDatabaseReachable,
  listen,
  type Logger,
  type RunningService,
} from '@altmed/service-kit';
import type { NotifyConfig } from './config';
import { createSmtpMailer } from './mail/mailer';
import { welcomeConsumer } from './welcome/welcome.handler';

export interface NotifyService extends RunningService {
  port: number;
  logger: Logger;
}

export async function startNotifyService(config: NotifyConfig): Promise<NotifyService> {
  const logger = createLogger('svc-notify', config.LOG_LEVEL);
  const connection = await connectDatabase(config.MONGO_URL, config.MONGO_DB + config.MONGO_DB_SUFFIX);
  const inbox = new EventInbox(connection);
  const mailer = createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);

  const broker = new EventBroker({ url: config.AMQP_URL, logger });
  await broker.start();
  await broker.consume(
    welcomeConsumer({ inbox, mailer, siteUrl: config.SITE_URL }, { queueSuffix: config.EVENT_QUEUE_SUFFIX, maxRetries: config.EVENT_MAX_RETRIES }),
  );

  const app = createHttpApp({
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT,
    readiness: async () => ({ database: await isDatabaseReachable(connection), broker: broker.isConnected() }),
  });
  finishHttpApp(app);

  const { server, port } = await listen(app, config);
  logger.info({ port }, 'svc-notify listening');

  return {
    server,
    port,
    logger,
    async close() {
      await broker.close();
      mailer.close();
      await connection.close();
    },
  };
}
