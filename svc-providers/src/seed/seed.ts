import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mongoose from 'mongoose';
import { PROVIDER_CHANGED_MAX_IDS } from '@altmed/contracts';
import { EventBroker, createLogger } from '@altmed/service-kit';
import sharp from 'sharp';
import { identityAccounts, EmailTakenError } from '../accounts/identity-accounts';
import { loadProvidersConfig } from '../config';
import { providerModel, type ProviderModel, type StoredImage } from '../providers/provider.model';
import { reviewModel, type ReviewModel } from '../reviews/review.model';
import { recountReviewStats } from '../reviews/review-stats';
import { providerChangedEvent } from '../search/provider-search';
import { s3Storage, type UploadStorage } from '../uploads/storage';
import { deaFrom, demoProviders, generatedProvider, npiFrom, reviewsFor, seededId, type SeedProvider } from './seed-data';

/** Every demo provider logs in with this password. */
export const DEMO_PROVIDER_PASSWORD = 'Provider-Demo-2025';
const repoRoot = path.resolve(__dirname, '..', '..', '..');
const DAY_MS = 24 * 3600 * 1000;
const BATCH = 500;
const DUPLICATE_KEY = 11000;

interface SeedDeps {
  providers: ProviderModel;
  reviews: ReviewModel;
  storage: UploadStorage;
}

const flags = (status: SeedProvider['status']) => ({ isActive: status !== 'blocked', isApproved: status === 'approved' });

/** A picture with a soft background and a simple figure (headshot) or shapes (office), as profile size and thumbnail. */
async function makeImage(storage: UploadStorage, providerId: string, kind: 'headshot' | 'gallery', [dark, light]: [string, string]): Promise<StoredImage> {
  const [width, height] = kind === 'headshot' ? [400, 400] : [700, 525];
  const figure =
    kind === 'headshot'
      ? `<circle cx="200" cy="160" r="80" fill="${dark}"/><ellipse cx="200" cy="380" rx="150" ry="120" fill="${dark}"/>`
      : `<rect x="60" y="200" width="260" height="240" fill="${dark}" rx="12"/><rect x="380" y="120" width="260" height="320" fill="${dark}" opacity="0.7" rx="12"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${light}"/>${figure}</svg>`;
  const base = sharp(Buffer.from(svg));
  const [profile, thumbnail] = await Promise.all([
    base.clone().jpeg({ quality: 85 }).toBuffer(),
    base
      .clone()
      .resize(kind === 'headshot' ? { width: 160, height: 160 } : { width: 280, height: 210 })
      .jpeg({ quality: 80 })
      .toBuffer(),
  ]);
  const image = { key: `providers/${providerId}/${kind}-seed.jpg`, thumbnailKey: `providers/${providerId}/${kind}-seed-thumb.jpg` };
  await Promise.all([storage.write(image.key, profile, 'image/jpeg'), storage.write(image.thumbnailKey, thumbnail, 'image/jpeg')]);
  return image;
}

/** Who vetted the demo providers, as the admin pages and "Verified on {date}" show it. */
const SEED_VETTING = { id: 'seed', email: 'vetting@altmed.local' };

/** The vetting a record in this state went through: approved two days after it registered, blocked a week later. */
function statusHistoryOf(status: SeedProvider['status'], registeredAt: Date) {
  const at = (days: number) => new Date(registeredAt.getTime() + days * DAY_MS);
  if (status === 'approved') return [{ action: 'approve', by: SEED_VETTING, at: at(2) }];
  if (status === 'blocked')
    return [
      { action: 'approve', by: SEED_VETTING, at: at(2) },
      { action: 'block', by: SEED_VETTING, at: at(9) },
    ];
  return [];
}

function recordOf(provider: SeedProvider, index: number, email: string, npiNumber: string) {
  const registeredAt = new Date(Date.now() - (30 + index) * DAY_MS);
  return {
    accountState: 'active' as const,
    practiceName: provider.practiceName,
    providerName: provider.providerName,
    email,
    npiNumber,
    address: provider.address,
    suite: '',
    city: provider.city,
    state: provider.state,
    zip: provider.zip,
    phone: provider.phone,
    specialties: provider.specialties,
    boardCertifications: provider.boardCertifications,
    hospitalAffiliations: provider.hospitalAffiliations,
    educationAndTraining: provider.educationAndTraining,
    stateLicenses: [
      { state: provider.licenseState, deaNumber: deaFrom('BM', 100_000 + index * 7919), licenseNumber: `${provider.licenseState}-${40_000 + index}` },
    ],
    practiceDescription: provider.practiceDescription,
    ...flags(provider.status),
    ...(provider.blockedReason ? { blockedReason: provider.blockedReason } : {}),
    registeredAt,
    statusHistory: statusHistoryOf(provider.status, registeredAt),
  };
}

function reviewDocuments(providerId: string, seed: number, count: number) {
  return reviewsFor(seed, count).map((review, index) => {
    const createdAt = new Date(Date.now() - review.daysAgo * DAY_MS);
    return {
      _id: seededId(`${providerId}:review:${index}`),
      providerId,
      clientName: review.clientName,
      satisfactionRating: review.satisfactionRating,
      efficacyRating: review.efficacyRating,
      reviewText: review.reviewText,
      isActive: true,
      isApproved: review.isApproved,
      status: review.isApproved ? ('approved' as const) : ('pending' as const),
      submittedAt: createdAt,
      createdAt,
      updatedAt: new Date(),
    };
  });
}

/** The handful of demo providers, their logins (through svc-identity), images and reviews. Running it again updates them. */
async function seedDemo(deps: SeedDeps, accounts: ReturnType<typeof identityAccounts>): Promise<string[]> {
  const lines: string[] = [];
  for (const [index, provider] of demoProviders.entries()) {
    const providerId = seededId(provider.slug);
    const email = `${provider.slug}@demo.altmed.local`;
    try {
      await accounts.ensure(providerId, { name: provider.providerName, email, password: DEMO_PROVIDER_PASSWORD });
    } catch (err) {
      if (!(err instanceof EmailTakenError)) throw err;
      lines.push(`  skipped ${email}: another account holds that email`);
      continue;
    }
    const [headshot, gallery] = await Promise.all([
      makeImage(deps.storage, providerId, 'headshot', provider.colors),
      makeImage(deps.storage, providerId, 'gallery', provider.colors),
    ]);
    const record = { ...recordOf(provider, index, email, npiFrom(160_000_000 + index * 104_729)), headshot, gallery };
    await deps.providers.updateOne(
      { _id: providerId },
      { $set: record, $setOnInsert: { createdAt: new Date(Date.now() - (40 + index) * DAY_MS) } },
      { upsert: true },
    );
    // The demo reviews only: reviews members wrote (with their userId) stay.
    await deps.reviews.deleteMany({ providerId, userId: { $exists: false } });
    await deps.reviews.insertMany(reviewDocuments(providerId, index, 3 + (index % 5)));
    await recountReviewStats(deps.providers, deps.reviews, [providerId]);
    lines.push(`  ${provider.status.padEnd(8)} ${email}  (${provider.providerName}, /provider-profile/${providerId})`);
  }
  return lines;
}

/** `count` generated providers (no logins) with a few reviews each, for benchmarks; they share one pair of images. */
async function seedGenerated(deps: SeedDeps, count: number, log: (line: string) => void): Promise<void> {
  const shared = seededId('generated-images');
  const [headshot, gallery] = await Promise.all([
    makeImage(deps.storage, shared, 'headshot', ['#2f5d50', '#a7c4b5']),
    makeImage(deps.storage, shared, 'gallery', ['#2f5d50', '#a7c4b5']),
  ]);
  for (let start = 0; start < count; start += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => start + offset);
    const generated = numbers.map((n) => ({ n, id: seededId(`generated-${n}`), provider: generatedProvider(n) }));
    await deps.providers.bulkWrite(
      generated.map(({ n, id, provider }) => ({
        updateOne: {
          filter: { _id: id },
          update: { $set: { ...recordOf(provider, n, provider.email, provider.npiNumber), headshot, gallery }, $setOnInsert: { createdAt: new Date() } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
    const ids = generated.map(({ id }) => id);
    await deps.reviews.deleteMany({ providerId: { $in: ids }, userId: { $exists: false } });
    await deps.reviews.insertMany(generated.flatMap(({ n, id }) => reviewDocuments(id, n, n % 6)));
    await recountReviewStats(deps.providers, deps.reviews, ids);
    log(`  ${Math.min(start + BATCH, count)} of ${count} providers`);
  }
}

const INSERT_BATCH = 2_000;

/**
 * The first `count` generated providers as plain inserts (benchmarks): no reviews, no logins, image
 * keys without files, each created a second after the previous one. Answers how many were inserted;
 * a database that already holds them is left as it is.
 */
export async function insertGeneratedProviders(providers: ProviderModel, count: number): Promise<number> {
  await providers.init();
  if (await providers.exists({ _id: seededId(`generated-${count - 1}`) })) return 0;
  const shared = seededId('generated-images');
  const image = (kind: string) => ({ key: `providers/${shared}/${kind}-seed.jpg`, thumbnailKey: `providers/${shared}/${kind}-seed-thumb.jpg` });
  const createdFrom = Date.now() - count * 1000;
  let inserted = 0;
  for (let start = 0; start < count; start += INSERT_BATCH) {
    const documents = Array.from({ length: Math.min(INSERT_BATCH, count - start) }, (_, offset) => {
      const n = start + offset;
      const provider = generatedProvider(n);
      const createdAt = new Date(createdFrom + n * 1000);
      return {
        _id: seededId(`generated-${n}`),
        ...recordOf(provider, n, provider.email, provider.npiNumber),
        headshot: image('headshot'),
        gallery: image('gallery'),
        createdAt,
        updatedAt: createdAt,
      };
    });
    try {
      inserted += (await providers.insertMany(documents, { ordered: false, lean: true })).length;
    } catch (err) {
      // A run stopped half-way left some of them: the others are inserted all the same.
      if ((err as { code?: number }).code !== DUPLICATE_KEY) throw err;
      inserted += (err as { insertedDocs?: unknown[] }).insertedDocs?.length ?? 0;
    }
  }
  return inserted;
}

const generatedIds = (count: number) => Array.from({ length: count }, (_, n) => seededId(`generated-${n}`));

/**
 * Tells the running svc-providers instances which records the seed wrote (provider.changed, in
 * batches), so that their search indexes read them now; instances started later read them at start.
 */
async function tellRunningInstances(config: ReturnType<typeof loadProvidersConfig>, ids: string[], log: (line: string) => void): Promise<void> {
  const broker = new EventBroker({ url: config.AMQP_URL, logger: createLogger('seed', 'error'), exchange: config.EVENTS_EXCHANGE });
  await broker.start();
  try {
    for (let start = 0; start < ids.length; start += PROVIDER_CHANGED_MAX_IDS) {
      await broker.publish(providerChangedEvent(ids.slice(start, start + PROVIDER_CHANGED_MAX_IDS)));
    }
  } catch (err) {
    log(`Running instances of svc-providers were not told (${err instanceof Error ? err.message : String(err)}); they read the records when they start.`);
  } finally {
    await broker.close();
  }
}

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
  const { values } = parseArgs({ args: argv, options: { providers: { type: 'string' } }, strict: true });
  const count = values.providers === undefined ? undefined : Number(values.providers);
  if (count !== undefined && !(Number.isInteger(count) && count > 0 && count <= 1_000_000))
    throw new Error('--providers must be a whole number from 1 to 1000000');
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
    if (count !== undefined) {
      log(`Seeding ${count} generated providers into ${connection.name}`);
      await seedGenerated(deps, count, log);
      await tellRunningInstances(config, generatedIds(count), log);
      return;
    }
    const lines = await seedDemo(deps, identityAccounts(config.IDENTITY_URL, config.INTERNAL_API_TOKEN));
    await tellRunningInstances(
      config,
      demoProviders.map((provider) => seededId(provider.slug)),
      log,
    );
    log(`Seeded ${demoProviders.length} demo providers into ${connection.name}; each logs in with the password ${DEMO_PROVIDER_PASSWORD}:`);
    for (const line of lines) log(line);
  } finally {
    storage.close();
    await connection.close();
  }
}

if (require.main === module) {
  seedCommand(process.argv.slice(2), process.env).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(`seed failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
