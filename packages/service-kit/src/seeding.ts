import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { backOff } from 'exponential-backoff';
import mongoose, { type Connection } from 'mongoose';
import type { EventEnvelope } from '@altmed/contracts';
import { EventBroker } from './broker';
import { loadConfig, type baseServiceEnv } from './config';
import { createLogger } from './logger';
import { isDuplicateKeyError } from './mongo';

/** A UUID made from a name, so seeding twice writes the same records (and two services' seeds agree on an id). */
export function seededId(name: string): string {
  const hex = createHash('sha256').update(`altmed-seed:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The user id of the n-th generated member (svc-identity's seed makes them; svc-providers' seed writes their reviews). */
export const generatedMemberId = (n: number): string => seededId(`member-${n}`);

/** Every generated member logs in with this password (svc-identity's seed; the bench logs them in). */
export const GENERATED_MEMBER_PASSWORD = 'Member-Demo-2025';
export const generatedMemberEmail = (n: number): string => `member${n}@seed.altmed.local`;

const firstNames = ['Ada', 'Ben', 'Cleo', 'Dev', 'Esme', 'Finn', 'Gia', 'Hugo', 'Ines', 'Jon', 'Kira', 'Luca'];
const lastNames = ['Reyes', 'Okafor', 'Lindqvist', 'Park', 'Dubois', 'Mehta', 'Novak', 'Alvarez', 'Ito', 'Byrne', 'Costa', 'Fischer'];
const DAY_MS = 24 * 3600 * 1000;

export const generatedMemberName = (n: number): string =>
  `${firstNames[n % firstNames.length]} ${lastNames[Math.floor(n / firstNames.length) % lastNames.length]}`;

/**
 * Two in three generated members have paid (svc-identity's seed gives them the membership, svc-billing's
 * the payment): theirs ends 30 to 329 days after `now`; undefined for the others.
 */
export const generatedMembershipEnd = (n: number, now: number): Date | undefined => (n % 3 === 2 ? undefined : new Date(now + (30 + (n % 300)) * DAY_MS));

/**
 * Inserts documents of fixed ids, skipping those already there (a seed stopped half-way and run
 * again); answers how many were inserted.
 */
export async function insertIgnoringDuplicates(insert: () => Promise<unknown[]>): Promise<number> {
  try {
    return (await insert()).length;
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    return (err as { insertedDocs?: unknown[] }).insertedDocs?.length ?? 0;
  }
}

type SeedSettings = Pick<ReturnType<typeof baseServiceEnv>, 'MONGO_URL' | 'MONGO_DB' | 'MONGO_DB_SUFFIX' | 'AMQP_URL' | 'EVENTS_EXCHANGE'>;

/**
 * A service's part of `npm run seed -- --members N` (1 to 1,000,000): reads `--members`, and the
 * service's database and broker settings (`serviceEnv`'s, from `env`), then runs `seed` on an open
 * connection, closed after. Only those settings: a seed signs no tokens and calls no one.
 */
export async function runMembersSeed(
  argv: string[],
  env: NodeJS.ProcessEnv,
  serviceEnv: SeedSettings,
  seed: (count: number, connection: Connection, broker: { AMQP_URL: string; EVENTS_EXCHANGE: string }) => Promise<void>,
): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { members: { type: 'string' } }, strict: true });
  const count = Number(values.members);
  if (!(Number.isInteger(count) && count > 0 && count <= 1_000_000)) throw new Error('--members must be a whole number from 1 to 1000000');
  const { MONGO_URL, MONGO_DB, MONGO_DB_SUFFIX, AMQP_URL, EVENTS_EXCHANGE } = serviceEnv;
  const config = loadConfig({ MONGO_URL, MONGO_DB, MONGO_DB_SUFFIX, AMQP_URL, EVENTS_EXCHANGE }, { MONGO_URL: 'mongodb://127.0.0.1:27017', ...env });
  const connection = await mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB + config.MONGO_DB_SUFFIX }).asPromise();
  try {
    await seed(count, connection, config);
  } finally {
    await connection.close();
  }
}

/**
 * Tells the running instances which records a seed wrote straight to the database (events that
 * name them, such as provider.changed), so that their read models read them now; instances started
 * later read them at start. A broker that does not answer is reported, not an error.
 */
export async function tellRunningInstances(
  broker: { AMQP_URL: string; EVENTS_EXCHANGE: string },
  events: readonly EventEnvelope[],
  log: (line: string) => void,
): Promise<void> {
  const connection = new EventBroker({ url: broker.AMQP_URL, logger: createLogger('seed', 'error'), exchange: broker.EVENTS_EXCHANGE });
  await connection.start();
  try {
    // Each event once more after a dropped connection (a seed's hundreds of events outlast a blip).
    for (const event of events)
      await backOff(
        async () => {
          await connection.publishingReady();
          await connection.publish(event);
        },
        { numOfAttempts: 4, startingDelay: 250 },
      );
  } catch (err) {
    log(`Running instances were not told (${err instanceof Error ? err.message : String(err)}); they read the records when they start.`);
  } finally {
    await connection.close();
  }
}

/** `ids` in batches of at most `size`: what one event may name. */
export function inBatches<T>(ids: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < ids.length; start += size) batches.push(ids.slice(start, start + size));
  return batches;
}
