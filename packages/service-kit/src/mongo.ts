import mongoose, { type Connection } from 'mongoose';
import { settlesWithin } from './settles-within';

export type { Connection };

/** Opens this service's own database on the MongoDB server. */
export async function connectDatabase(url: string, database: string): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName: database,
    serverSelectionTimeoutMS: 10_000,
    // FerretDB and real MongoDB alike: indexes are built by the models at start.
    autoIndex: true,
  });
  await connection.asPromise();
  return connection;
}

const PROBE_COLLECTION = 'readiness_probe';
/** How long the readiness query may take before the database counts as not answering. */
export const READINESS_QUERY_TIMEOUT_MS = 1_000;

/** Writes the document the readiness query reads, so that the query reaches the storage (a missing collection is answered without it). */
export async function prepareReadinessProbe(connection: Connection, service: string): Promise<void> {
  await connection.db!.collection<{ _id: string }>(PROBE_COLLECTION).updateOne({ _id: service }, { $set: { startedAt: new Date() } }, { upsert: true });
}

/** Whether the database answers a real query (a read of the probe document) within a second; a ping passed while every query hung. */
export async function answersQueries(connection: Connection, service: string): Promise<boolean> {
  try {
    if (connection.readyState !== mongoose.ConnectionStates.connected || !connection.db) return false;
    // Found (the document) or not (null: a test may have dropped the database), the query was answered.
    // The driver's own timeoutMS left a query on a connection that stopped answering waiting for good.
    const probe = connection.db.collection<{ _id: string }>(PROBE_COLLECTION).findOne({ _id: service });
    return (await settlesWithin(probe, READINESS_QUERY_TIMEOUT_MS)) !== undefined;
  } catch {
    return false;
  }
}

/** MongoDB's code for a write refused by a unique index. */
const DUPLICATE_KEY = 11000;

/** Whether a write failed because a unique index already holds its key (an insert that lost a race, a second claim). */
export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === DUPLICATE_KEY;
}
