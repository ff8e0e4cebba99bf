import type { Connection } from 'mongoose';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests, type SortDirection } from '@altmed/service-kit';

const COLLECTION = 'rate_limits';

/**
 * The collection's indexes, made here because rate-limiter-flexible's own include a TTL index,
 * which FerretDB refuses: the unique key the limiter relies on to replace an ended window in place,
 * and the windows' ends, by which deleteExpired finds them.
 */
export const RATE_LIMIT_INDEXES: [Record<string, SortDirection>, { unique?: boolean }][] = [
  [{ key: 1 }, { unique: true }],
  [{ expire: 1 }, {}],
];

export interface LoginLimitSettings {
  attemptsPerAddressPerMinute: number;
  failuresPerAccount: number;
  failureWindowSeconds: number;
  /** Password reset emails one address may ask for per hour. */
  resetRequestsPerHour: number;
}

/**
 * Login and sign-up limits kept in the service's own database, so every instance counts the same
 * attempts: per client address (every attempt) and per account email (failed logins; a success
 * clears it). Unknown emails are counted exactly like existing ones.
 */
export interface LoginLimits {
  /** Counts an attempt from this address; 429 with Retry-After past the limit. */
  countAddressAttempt: (address: string) => Promise<void>;
  /** Counts a login attempt for this email before the password is checked; 429 with Retry-After past the limit. */
  countAccountAttempt: (email: string) => Promise<void>;
  /** Counts a password reset request for this email (known or not, the same); 429 with Retry-After past the limit. */
  countResetRequest: (email: string) => Promise<void>;
  /** A successful login: the account starts counting from zero. */
  clearAccount: (email: string) => Promise<void>;
  /** Removes windows that have ended (FerretDB has no TTL indexes); expired entries are ignored anyway. */
  deleteExpired: () => Promise<number>;
}

function rejectAsTooMany(rejection: unknown): never {
  if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext / 1000);
  throw rejection;
}

export async function createLoginLimits(connection: Connection, settings: LoginLimitSettings): Promise<LoginLimits> {
  const collection = connection.collection(COLLECTION);
  for (const [fields, options] of RATE_LIMIT_INDEXES) await collection.createIndex(fields, options);
  const store = { storeClient: connection.getClient(), dbName: connection.name, tableName: COLLECTION, disableIndexesCreation: true };
  const perAddress = new RateLimiterMongo({ ...store, keyPrefix: 'login-address', points: settings.attemptsPerAddressPerMinute, duration: 60 });
  const perAccount = new RateLimiterMongo({
    ...store,
    keyPrefix: 'login-account',
    points: settings.failuresPerAccount,
    duration: settings.failureWindowSeconds,
    // Once over the limit, the account stays locked for a whole window from that moment.
    blockDuration: settings.failureWindowSeconds,
  });

  const perResetEmail = new RateLimiterMongo({ ...store, keyPrefix: 'password-reset', points: settings.resetRequestsPerHour, duration: 3600 });

  return {
    async countAddressAttempt(address) {
      await perAddress.consume(address).catch(rejectAsTooMany);
    },
    async countAccountAttempt(email) {
      await perAccount.consume(email).catch(rejectAsTooMany);
    },
    async countResetRequest(email) {
      await perResetEmail.consume(email).catch(rejectAsTooMany);
    },
    async clearAccount(email) {
      await perAccount.delete(email);
    },
    async deleteExpired() {
      const { deletedCount } = await collection.deleteMany({ expire: { $lte: new Date() } });
      return deletedCount;
    },
  };
}
