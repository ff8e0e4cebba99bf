import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mongoose from 'mongoose';
import { PROVIDER_CHANGED_MAX_IDS, REVIEW_CHANGED_MAX_IDS } from '@altmed/contracts';
import { inBatches, runCommand, tellRunningInstances } from '@altmed/service-kit';
import { identityAccounts } from '../accounts/identity-accounts';
import { loadProvidersConfig } from '../config';
import { providerChangedEvent } from '../providers/provider-changed.event';
import { providerModel } from '../providers/provider.model';
import { reviewChangedEvent } from '../reviews/review-changed.event';
import { reviewModel } from '../reviews/review.model';
import { s3Storage } from '../uploads/storage';
import { DEMO_PROVIDER_PASSWORD, seedDemo } from './demo-providers';
import { generatedRecordIds, seedGenerated } from './generated-providers';
import { demoProviders } from './seed-data';
import type { SeedDeps, WrittenRecords } from './seed-records';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** The events that tell running svc-providers instances what the seed wrote: their search indexes and moderation queues read it now. */
const eventsNaming = (written: WrittenRecords) => [
  ...inBatches(written.providerIds, PROVIDER_CHANGED_MAX_IDS).map(providerChangedEvent),
  ...inBatches(written.reviewIds, REVIEW_CHANGED_MAX_IDS).map(reviewChangedEvent),
];

function devInternalApiToken(): string | undefined {
  const file = path.join(repoRoot, '.data', 'dev-keys', 'internal-api-token');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined;
}

/**
 * `npm run seed` (demo providers in every status, with logins, images and reviews) or
 * `npm run seed -- --providers 10000` (a large generated set). Talks to the running stack: MongoDB,
 * S3 and svc-identity, with the environment the services use (`npm start`'s defaults otherwise).
 */
export async function seedCommand(argv: string[], env: NodeJS.ProcessEnv, log: (line: string) => void = console.log): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { providers: { type: 'string' }, reviews: { type: 'string' }, members: { type: 'string' } },
    strict: true,
  });
  const countOf = (name: 'providers' | 'reviews' | 'members', fallback: number | undefined) => {
    const value = values[name] === undefined ? fallback : Number(values[name]);
    if (value !== undefined && !(Number.isInteger(value) && value >= 0 && value <= 1_000_000))
      throw new Error(`--${name} must be a whole number from 0 to 1000000`);
    return value;
  };
  const providersCount = countOf('providers', undefined);
  if (providersCount === 0) throw new Error('--providers must be a whole number from 1 to 1000000');
  if (providersCount === undefined && (values.reviews !== undefined || values.members !== undefined))
    throw new Error('--reviews and --members go with --providers');
  const config = loadProvidersConfig({
    MONGO_URL: 'mongodb://127.0.0.1:27017',
    ...env,
    INTERNAL_API_TOKEN: env.INTERNAL_API_TOKEN ?? devInternalApiToken(),
  });
  const connection = await mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB + config.MONGO_DB_SUFFIX }).asPromise();
  const storage = s3Storage(config);
  try {
    const deps: SeedDeps = { providers: providerModel(connection), reviews: reviewModel(connection), storage };
    await Promise.all([deps.providers.init(), deps.reviews.init()]);
    if (providersCount !== undefined) {
      const set = { providers: providersCount, reviews: countOf('reviews', providersCount * 2)!, members: countOf('members', 0)! };
      const startedAt = Date.now();
      log(`Seeding ${set.providers} generated providers and ${set.reviews} reviews into ${connection.name}`);
      const inserted = await seedGenerated(deps, set, log);
      log(`${inserted} providers inserted in ${Math.round((Date.now() - startedAt) / 1000)} s`);
      await tellRunningInstances(config, eventsNaming(generatedRecordIds(set)), log);
      return;
    }
    const { lines, written } = await seedDemo(deps, identityAccounts(config.IDENTITY_URL, config.INTERNAL_API_TOKEN));
    await tellRunningInstances(config, eventsNaming(written), log);
    log(`Seeded ${demoProviders.length} demo providers into ${connection.name}; each logs in with the password ${DEMO_PROVIDER_PASSWORD}:`);
    for (const line of lines) log(line);
  } finally {
    storage.close();
    await connection.close();
  }
}

if (require.main === module) runCommand('seed', () => seedCommand(process.argv.slice(2), process.env));
