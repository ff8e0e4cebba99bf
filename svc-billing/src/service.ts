import {
  EventBroker,
  connectDatabase,
  createHttpApp,
  createLogger,
  finishHttpApp,
  isDatabaseReachable,
  listen,
  type Logger,
  type RunningService,
} from '@altmed/service-kit';
import type { BillingConfig } from './config';

export interface BillingService extends RunningService {
  port: number;
  logger: Logger;
}

export async function startBillingService(config: BillingConfig): Promise<BillingService> {
  const logger = createLogger('svc-billing', config.LOG_LEVEL);
  const connection = await connectDatabase(config.MONGO_URL, config.MONGO_DB + config.MONGO_DB_SUFFIX);

  const broker = new EventBroker({ url: config.AMQP_URL, logger });
  await broker.start();

  const app = createHttpApp({
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT,
    readiness: async () => ({ database: await isDatabaseReachable(connection), broker: broker.isConnected() }),
  });
  finishHttpApp(app);

  const { server, port } = await listen(app, config);
  logger.info({ port }, 'svc-billing listening');

  return {
    server,
    port,
    logger,
    async close() {
      await broker.close();
      await connection.close();
    },
  };
}
