import mongoose, { type Connection } from 'mongoose';

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

export async function isDatabaseReachable(connection: Connection): Promise<boolean> {
  try {
    if (connection.readyState !== mongoose.ConnectionStates.connected || !connection.db) return false;
    await connection.db.admin().ping();
    return true;
  } catch {
    return false;
  }
}
