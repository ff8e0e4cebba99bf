import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Logger } from './logger';

export interface RunningService {
  server: Server;
  /** Closes what the service opened (broker, database, timers) after the server stops. */
  close(): Promise<void>;
}

/** Listens on HOST:PORT (PORT 0 picks a free port) and answers the server with its real port. */
export async function listen(app: Express, config: { PORT: number; HOST: string }): Promise<{ server: Server; port: number }> {
  const server = await new Promise<Server>((resolve, reject) => {
    const started = app.listen(config.PORT, config.HOST, (err?: Error) => (err ? reject(err) : resolve(started)));
  });
  // Longer than the usual proxy and load-balancer idle timeouts, so they close first.
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : config.PORT };
}

/**
 * Entry point of a service's main.ts: starts it, exits with a message on a start failure
 * (such as a bad environment variable), and shuts down gracefully on SIGTERM/SIGINT.
 */
export function runService(name: string, start: () => Promise<{ service: RunningService; logger: Logger }>): void {
  start().then(
    ({ service, logger }) => {
      let stopping = false;
      const shutdown = (signal: string) => {
        if (stopping) return;
        stopping = true;
        logger.info({ signal }, `${name} shutting down`);
        const forceExit = setTimeout(() => process.exit(1), 10_000).unref();
        service.server.close(() => {
          service.close().finally(() => {
            clearTimeout(forceExit);
            process.exit(0);
          });
        });
        service.server.closeIdleConnections();
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
