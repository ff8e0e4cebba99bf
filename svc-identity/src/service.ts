import {
  EventBroker,
  OutboxRelay,
  connectDatabase,
  createHttpApp,
  createLogger,
  finishHttpApp,
  isDatabaseReachable,
  listen,
  type Logger,
  type RunningService,
} from '@altmed/service-kit';
import type { IdentityConfig } from './config';
import { loadSigningKey } from './tokens/signing-key';
import { jwksRouter } from './tokens/jwks.routes';
import { localTokenVerifier, type TokenSettings } from './tokens/tokens';
import { userModel } from './users/user.model';
import { ensureAdmin, type UsersDeps } from './users/users.domain';
import { usersRouter } from './users/users.routes';

export interface IdentityService extends RunningService {
  port: number;
  logger: Logger;
  relay: OutboxRelay;
}

export async function startIdentityService(config: IdentityConfig): Promise<IdentityService> {
  const logger = createLogger('svc-identity', config.LOG_LEVEL);
  const key = loadSigningKey({ pem: config.JWT_PRIVATE_KEY, file: config.JWT_PRIVATE_KEY_FILE });
  const tokens: TokenSettings = { key, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE, ttlSeconds: config.JWT_TTL_SECONDS };

  const connection = await connectDatabase(config.MONGO_URL, config.MONGO_DB + config.MONGO_DB_SUFFIX);
  const users = userModel(connection);
  await users.init();

  const broker = new EventBroker({ url: config.AMQP_URL, logger });
  await broker.start();
  const relay = new OutboxRelay({ broker, models: [users], logger });
  const deps: UsersDeps = { users, tokens, onEventsWritten: () => relay.nudge() };

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const outcome = await ensureAdmin(deps, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    logger.info({ email: config.ADMIN_EMAIL, outcome }, 'administrator account checked');
  }

  const app = createHttpApp({
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT,
    readiness: async () => ({ database: await isDatabaseReachable(connection), broker: broker.isConnected() }),
  });
  app.use(jwksRouter(key));
  app.use(usersRouter(deps, localTokenVerifier(tokens), config.AUTH_RATE_LIMIT_PER_MINUTE));
  finishHttpApp(app);

  relay.start();
  const { server, port } = await listen(app, config);
  logger.info({ port }, 'svc-identity listening');

  return {
    server,
    port,
    logger,
    relay,
    async close() {
      await relay.stop();
      await broker.close();
      await connection.close();
    },
  };
}
