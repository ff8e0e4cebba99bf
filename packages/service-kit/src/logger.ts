import pino, { type Logger } from 'pino';

export type { Logger };

/** How long a line may wait in the buffer of a logger created with `sync: false`. */
const FLUSH_EVERY_MS = 1_000;

/**
 * JSON lines on stdout. With `sync: false` (for a process that logs every request on its hot path,
 * such as the gateway) lines are written in the background in batches of 4 KB, and at least every
 * second; pino flushes what is left when the process exits.
 */
export function createLogger(service: string, level: string, { sync = true }: { sync?: boolean } = {}): Logger {
  const options = { name: service, level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime };
  if (sync) return pino(options);
  const destination = pino.destination({ sync: false, minLength: 4096 });
  const flusher = setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  destination.on('close', () => clearInterval(flusher));
  return pino(options, destination);
}

/**
 * Runs one step of a service's start-up, logging what it does when it begins and, when it ends, how
 * long it took and what it answered (a count of records, say): a start that hangs names its step.
 */
export async function startupStep<T>(logger: Logger, step: string, run: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  logger.info({ step }, `start-up: ${step}`);
  const result = await run();
  logger.info({ step, ms: Math.round(performance.now() - startedAt), ...(typeof result === 'number' ? { records: result } : {}) }, `start-up: ${step}: done`);
  return result;
}
