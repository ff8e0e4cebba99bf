import { withDatabase } from '@altmed/local-stack/src/testing';

/** The running site's MongoDB server: a test run's (MONGO_URL), or `npm start`'s on the MongoDB port. */
const SITE_MONGO_URL = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017';

/** A database as withDatabase opens it. */
export type SiteDatabase = Parameters<Parameters<typeof withDatabase>[1]>[0];

/**
 * Opens a service's database as the running site names it (`npm test` adds MONGO_DB_SUFFIX, `_e2e`),
 * for a journey to look at what no page shows, then closes it.
 */
export function withSiteDatabase<T>(service: 'identity' | 'providers' | 'billing' | 'notify', use: (db: SiteDatabase) => Promise<T>): Promise<T> {
  return withDatabase(`${service}${process.env.MONGO_DB_SUFFIX ?? ''}`, use, SITE_MONGO_URL);
}
