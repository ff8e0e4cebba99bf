import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import mongoose from 'mongoose';

interface StartedService {
  server: Server;
  port: number;
  stop(): Promise<void>;
}

export interface ServiceUnderTest<S extends StartedService> {
  service: S;
  url: string;
  /** The service's own database, made for this test and dropped by `stop()`. */
  database: string;
  /** Appended to the service's queue names (`EVENT_QUEUE_SUFFIX`). */
  queueSuffix: string;
  stop(options?: { keepDatabase?: boolean }): Promise<void>;
}

/**
 * Starts a real service on a free port against the local stack, with a database and queues of
 * its own, and waits until its /readyz answers 200 (database reachable, broker connected and its
 * queues declared).
 */
export async function startServiceUnderTest<S extends StartedService>(options: {
  databasePrefix: string;
  start: (env: NodeJS.ProcessEnv) => Promise<S>;
  env?: Record<string, string | undefined>;
}): Promise<ServiceUnderTest<S>> {
  const id = randomUUID().slice(0, 8);
  const database = `${options.databasePrefix}_test_${id}`;
  const queueSuffix = `.test-${id}`;
  const service = await options.start({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    MONGO_DB: database,
    MONGO_DB_SUFFIX: '',
    EVENT_QUEUE_SUFFIX: queueSuffix,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const url = `http://127.0.0.1:${service.port}`;
  await eventually(async () => (await fetch(`${url}/readyz`)).status === 200, 15_000, `${url}/readyz did not answer 200`);
  return {
    service,
    url,
    database: options.env?.MONGO_DB ?? database,
    queueSuffix,
    async stop({ keepDatabase = false } = {}) {
      await service.stop();
      if (!keepDatabase) await dropDatabase(options.env?.MONGO_DB ?? database);
    },
  };
}

/** Polls `probe` until it answers something truthy, and returns that. */
export async function eventually<T>(probe: () => T | Promise<T>, timeoutMs = 10_000, message = 'condition not met in time'): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve(probe()).catch(() => undefined);
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function dropDatabase(database: string): Promise<void> {
  const connection = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: database }).asPromise();
  try {
    await connection.dropDatabase();
  } finally {
    await connection.close();
  }
}
