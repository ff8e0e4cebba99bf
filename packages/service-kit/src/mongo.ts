import mongoose, { type Connection, type Model, type QueryFilter } from 'mongoose';
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

/** Inserts a record unless one with its `_id` exists: false when it does (of callers inserting at once, exactly one gets true). */
export async function insertUnlessExists<T extends { _id: string }>(model: Model<T>, record: T): Promise<boolean> {
  try {
    await model.create(record);
    return true;
  } catch (err) {
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
}

/**
 * Takes a lease by unique insert: a record under the work's key, so of callers taking it at once
 * exactly one succeeds (a unique `_id` is the one write that is atomic on FerretDB too: its
 * conditional updates are not). A lease matching `expired` (its time ran out) is deleted, only while
 * it still matches, and taken by insert again, so a takeover is as safe as a first take. False while
 * another holds it, or when the record is one `expired` never matches (work already done).
 */
export async function takeLease<T extends { _id: string }>(model: Model<T>, lease: T, expired: QueryFilter<T>): Promise<boolean> {
  if (await insertUnlessExists(model, lease)) return true;
  const removed = await model.deleteOne({ ...expired, _id: lease._id } as QueryFilter<T>);
  return removed.deletedCount === 1 && (await insertUnlessExists(model, lease));
}
