import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * JSON lines on stdout. `sync: false` writes in the background, lines that arrive meanwhile go out together (pino flushes what is
 * left when the process exits): for a process that logs every request on a hot path, such as the gateway.
 */
export function createLogger(service: string, level: string, { sync = true }: { sync?: boolean } = {}): Logger {
  const options = { name: service, level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime };
  return sync ? pino(options) : pino(options, pino.destination({ sync: false }));
}
