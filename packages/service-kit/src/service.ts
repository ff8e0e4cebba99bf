import type { Server } from 'node:http';
import type { Express } from 'express';
import { OPENAPI_PATH, openApiDocument, type ApiService } from '@altmed/contracts';
import { EventBroker } from './broker';
import type { TrustProxy } from './config';
import { createHttpApp, finishHttpApp } from './http';
import { createLogger, type Logger } from './logger';
import { ServiceMetrics } from './metrics';
import { startTracing, stopTracing, type TracingOptions } from './tracing';
import { OutboxRelay, outboxFigures, type OutboxRelayOptions } from './outbox';
import { answersQueries, connectDatabase, prepareReadinessProbe, type Connection } from './mongo';

/** What a process that serves HTTP needs to listen. */
export interface ListenConfig {
  PORT: number;
  HOST: string;
}

/** The part of every service's configuration that `startService` reads (see `baseServiceEnv`). */
export interface ServiceConfig extends ListenConfig {
  TRUST_PROXY: TrustProxy;
  LOG_LEVEL: string;
  BODY_LIMIT: string;
  MONGO_URL: string;
  MONGO_DB: string;
  MONGO_DB_SUFFIX: string;
  AMQP_URL: string;
  EVENTS_EXCHANGE: string;
  EVENT_RETRY_FIRST_DELAY_MS: number;
  EVENT_RETRY_MAX_DELAY_MS: number;
  EVENT_MAX_RETRIES: number;
}

export interface RunningService {
  server: Server;
  /** What `/metrics` serves; tests wait on its counts (events settled) instead of sleeping. */
  metrics: ServiceMetrics;
  /** The HTTP app (its route table is what tests check against contracts' API_ACCESS). */
  app: Express;
  port: number;
  logger: Logger;
  /** Stops taking requests, then closes what the service opened. */
  stop: () => Promise<void>;
}

/** Listens on HOST:PORT (PORT 0 picks a free port) and answers the server with its real port. */
export async function listen(app: Express, config: ListenConfig): Promise<{ server: Server; port: number }> {
  const server = await new Promise<Server>((resolve, reject) => {
    const started = app.listen(config.PORT, config.HOST, (err?: Error) => (err ? reject(err) : resolve(started)));
  });
  // Longer than the usual proxy and load-balancer idle timeouts, so they close first.
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : config.PORT };
}

/**
 * Stops accepting connections and lets requests in flight finish. Keep-alive sockets are closed
 * as soon as they fall idle, and every socket after `graceMs`.
 */
export function closeServer(server: Server, graceMs = 5_000): Promise<void> {
  return new Promise((resolve) => {
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    const closeAll = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(closeIdle);
      clearTimeout(closeAll);
      resolve();
    });
    server.closeIdleConnections();
  });
}

export interface ServiceParts {
  logger: Logger;
  connection: Connection;
  broker: EventBroker;
  /** The shared HTTP app; mount the service's routes on it. */
  app: Express;
  /**
   * An outbox relay for these models' records (their `outboxFieldsFor` events), started when setup
   * ends and stopped with the service; answers the nudge to call once a write has added events.
   */
  relayOutbox: (models: OutboxRelayOptions['models']) => () => void;
  /** The unit's metrics, for what the service counts of its own (scheduled jobs). */
  metrics: ServiceMetrics;
}

export interface ServiceDefinition {
  name: string;
  /** Whose routes of the access map the service serves: its OpenAPI document at `/openapi.json` is generated from them. */
  api: ApiService;
  config: ServiceConfig;
  /**
   * Whether the service can do its work without the broker. If it can (it only publishes, through
   * its outbox), `/readyz` answers 200 "degraded" while the broker is away; if its work is consuming
   * events, 503 "not ready". Default: false.
   */
  worksWithoutBroker?: boolean;
  /**
   * Everything particular to the service: models, routes, consumers, relays. Runs after the
   * database is open and before the broker connects (register consumers here; publishing waits
   * for the connection) and the server listens. Returns what to stop before the broker and the
   * database close, and what to do once the broker has started connecting and before the server
   * listens (`warmUp`: the service takes no traffic before it ends).
   */
  setup: (parts: ServiceParts) => Promise<{ stop?: () => Promise<void>; warmUp?: () => Promise<void> } | void>;
}

/**
 * Starts a domain service the way they all start: its own database, a recovering broker
 * connection, the shared HTTP app with `/healthz` and `/readyz` (database and broker reachable),
 * the service's own parts, the 404 and error handlers, then the server.
 */
export async function startService({ name, api, config, setup, worksWithoutBroker = false }: ServiceDefinition): Promise<RunningService> {
  const logger = createLogger(name, config.LOG_LEVEL);
  const retry = { firstDelayMs: config.EVENT_RETRY_FIRST_DELAY_MS, maxDelayMs: config.EVENT_RETRY_MAX_DELAY_MS, maxRetries: config.EVENT_MAX_RETRIES };
  // Before the database: a bad retry policy is a configuration error.
  const metrics = new ServiceMetrics(name);
  const broker = new EventBroker({ url: config.AMQP_URL, logger, retry, exchange: config.EVENTS_EXCHANGE, metrics });
  const connection = await connectDatabase(config.MONGO_URL, config.MONGO_DB + config.MONGO_DB_SUFFIX);
  await prepareReadinessProbe(connection, name);
  const app = createHttpApp({
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT,
    metrics,
    readiness: async () => ({ database: await answersQueries(connection, name), broker: broker.isConnected() }),
    optionalChecks: worksWithoutBroker ? ['broker'] : [],
  });
  const relays: OutboxRelay[] = [];
  const relayOutbox = (models: OutboxRelayOptions['models']) => {
    const relay = new OutboxRelay({ broker, models, logger });
    relays.push(relay);
    metrics.watchOutbox(() => outboxFigures(models));
    return () => relay.nudge();
  };
  const own = (await setup({ logger, connection, broker, app, relayOutbox, metrics })) ?? {};
  for (const relay of relays) relay.start();
  const apiDocument = openApiDocument(api);
  app.get(OPENAPI_PATH, (_req, res) => {
    res.json(apiDocument);
  });
  // After setup, so the consumers it registered are part of every connection's setup.
  await broker.start();
  await own.warmUp?.();
  finishHttpApp(app);
  const { server, port } = await listen(app, config);
  logger.info({ port }, `${name} listening`);

  return {
    server,
    metrics,
    app,
    port,
    logger,
    async stop() {
      await closeServer(server);
      // Handlers still running finish before what they use (mailer, relay, database) closes.
      await broker.stopConsuming();
      await own.stop?.();
      await Promise.all(relays.map((relay) => relay.stop()));
      await broker.close();
      await connection.close();
    },
  };
}

/**
 * Entry point of a main.ts: starts the process, exits with a message on a start failure (such
 * as a bad environment variable), and shuts down gracefully on SIGTERM/SIGINT. Traces are sent
 * from here on (`startTracing`), and the last of them before it exits.
 */
export function runService(name: string, start: () => Promise<RunningService>, tracing: Omit<TracingOptions, 'service'> = {}): void {
  // Through a promise, so a config error thrown before start() returns is reported the same way.
  Promise.resolve()
    .then(() => startTracing({ service: name, ...tracing }))
    .then(start)
    .then(
      (service) => {
        service.logger.info({ node: process.version, v8: process.versions.v8 }, `${name} runs on Node.js ${process.version}`);
        let stopping = false;
        const shutdown = (signal: string) => {
          if (stopping) return;
          stopping = true;
          service.logger.info({ signal }, `${name} shutting down`);
          const forceExit = setTimeout(() => process.exit(1), 10_000).unref();
          void service
            .stop()
            .finally(stopTracing)
            .finally(() => {
              clearTimeout(forceExit);
              process.exit(0);
            });
        };
        process.on('SIGTERM', () => shutdown('SIGTERM'));
        process.on('SIGINT', () => shutdown('SIGINT'));
      },
      (err: unknown) => {
        console.error(`${name} failed to start: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      },
    );
}

/**
 * Entry point of a one-off command (a seed, a replay): prints the line it answers, if any, and exits
 * 0 (its connections may still be open); on a failure, prints `<name> failed: <message>` and exits 1.
 */
export function runCommand(name: string, run: () => Promise<string | void>): void {
  run().then(
    (summary) => {
      if (summary) console.log(summary);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(`${name} failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
