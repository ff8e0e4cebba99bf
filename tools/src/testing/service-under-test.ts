import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import mongoose from 'mongoose';
import { eventually } from '../net';

interface StartedService {
  server: Server;
  port: number;
  stop: () => Promise<void>;
}

export interface ServiceUnderTest<S extends StartedService> {
  service: S;
  url: string;
  /** The service's own database, made for this test and dropped by `stop()`. */
  database: string;
  /** Appended to the service's queue names (`EVENT_QUEUE_SUFFIX`). */
  queueSuffix: string;
  stop: (options?: { keepDatabase?: boolean }) => Promise<void>;
}

/**
 * Starts a real service on a free port against the local stack, with a database and queues of
 * its own, and waits until its /readyz answers "ready" (database reachable, broker connected and its
 * queues declared), not merely "degraded".
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
  await eventually(
    async () => ((await (await fetch(`${url}/readyz`)).json()) as { status?: string }).status === 'ready',
    15_000,
    `${url}/readyz did not answer ready`,
  );
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

/**
 * Opens a service's database for a test to look into, then closes it: on the local stack's server
 * (MONGO_URL), or on `mongoUrl` (a journey against a site that the test run did not start).
 */
export async function withDatabase<T>(database: string, use: (connection: mongoose.Connection) => Promise<T>, mongoUrl = process.env.MONGO_URL): Promise<T> {
  if (!mongoUrl) throw new Error('withDatabase: no MONGO_URL to open the database on');
  const connection = await mongoose.createConnection(mongoUrl, { dbName: database }).asPromise();
  try {
    return await use(connection);
  } finally {
    await connection.close();
  }
}

export function dropDatabase(database: string): Promise<void> {
  return withDatabase(database, (connection) => connection.dropDatabase()).then(() => undefined);
}
