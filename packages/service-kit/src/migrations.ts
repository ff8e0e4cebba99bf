import type { Connection } from 'mongoose';

/**
 * Runs a one-off data migration once per database: a marker in `migrations` says it has run, so a
 * migration that must read every record (records older than a field, say) costs one pass, not one
 * per start. Several instances starting at once may each run it: a migration must be idempotent.
 */
export async function runOnce(connection: Connection, name: string, migrate: () => Promise<unknown>): Promise<boolean> {
  const markers = connection.db!.collection<{ _id: string; at: Date }>('migrations');
  if (await markers.findOne({ _id: name })) return false;
  await migrate();
  await markers.updateOne({ _id: name }, { $set: { at: new Date() } }, { upsert: true });
  return true;
}
