import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mongoose from 'mongoose';
import { PROVIDER_CHANGED_MAX_IDS, REVIEW_CHANGED_MAX_IDS } from '@altmed/contracts';
import { generatedMemberId, inBatches, insertIgnoringDuplicates, runCommand, tellRunningInstances } from '@altmed/service-kit';
import sharp from 'sharp';
import { identityAccounts, EmailTakenError } from '../accounts/identity-accounts';
import { loadProvidersConfig } from '../config';
import { providerChangedEvent } from '../providers/provider-changed.event';
import { providerModel, type ProviderModel } from '../providers/provider.model';
import { reviewChangedEvent } from '../reviews/review-changed.event';
import { reviewModel, type ReviewModel } from '../reviews/review.model';
import { recountReviewStats, statsOfRatings } from '../reviews/review-stats';
import type { StoredImage } from '../uploads/images';
import { s3Storage, type UploadStorage } from '../uploads/storage';
import { deaFrom, demoProviders, generatedProvider, generatedProviderId, npiFrom, reviewsFor, seededId, type SeedProvider } from './seed-data';

/** Every demo provider logs in with this password. */
export const DEMO_PROVIDER_PASSWORD = 'Provider-Demo-2025';
const repoRoot = path.resolve(__dirname, '..', '..', '..');
const DAY_MS = 24 * 3600 * 1000;

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
  // Within the last three years, whatever the size of the set.
  const registeredAt = new Date(Date.now() - (30 + (index % 1_000)) * DAY_MS);
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
async function seedDemo(deps: SeedDeps, accounts: ReturnType<typeof identityAccounts>): Promise<{ lines: string[]; written: WrittenRecords }> {
  const lines: string[] = [];
  const written: WrittenRecords = { providerIds: [], reviewIds: [] };
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
    const removed = await deps.reviews
      .find({ providerId, userId: { $exists: false } })
      .select({ _id: 1 })
      .lean<{ _id: string }[]>();
    await deps.reviews.deleteMany({ providerId, userId: { $exists: false } });
    const reviews = reviewDocuments(providerId, index, 3 + (index % 5));
    await deps.reviews.insertMany(reviews);
    await recountReviewStats(deps.providers, deps.reviews, [providerId]);
    written.providerIds.push(providerId);
    written.reviewIds.push(...removed.map((review) => review._id), ...reviews.map((review) => review._id));
    lines.push(`  ${provider.status.padEnd(8)} ${email}  (${provider.providerName}, /provider-profile/${providerId})`);
  }
  return { lines, written };
}

interface GeneratedSet {
  providers: number;
  /** Reviews in all, spread evenly over the providers (all approved). */
  reviews: number;
  /** Generated members (svc-identity's seed) the reviews are written by; none: reviews without an author. */
  members: number;
}

const INSERT_BATCH = 2_000;

/** The reviews of generated provider `n`: the set's reviews spread evenly, the approved ones only. */
function generatedReviews(set: GeneratedSet, n: number) {
  const count = Math.floor(set.reviews / set.providers) + (n < set.reviews % set.providers ? 1 : 0);
  return reviewDocuments(generatedProviderId(n), n, count).filter((review) => review.isApproved);
}

/**
 * The first providers of a large generated set and their reviews, as plain inserts in batches of
 * 2,000 providers: no logins, the review figures computed from the reviews as they are written, each
 * provider created a minute after the previous one. A stopped run leaves whole batches, and running
 * it again inserts only what is missing. Answers how many providers were inserted.
 */
async function insertGeneratedProviders(
  deps: Pick<SeedDeps, 'providers' | 'reviews'>,
  set: GeneratedSet,
  images: { headshot: StoredImage; gallery: StoredImage },
  log: (line: string) => void,
): Promise<number> {
  const createdFrom = Date.now() - set.providers * 60_000;
  let inserted = 0;
  for (let start = 0; start < set.providers; start += INSERT_BATCH) {
    const numbers = Array.from({ length: Math.min(INSERT_BATCH, set.providers - start) }, (_, offset) => start + offset);
    if (await deps.providers.exists({ _id: generatedProviderId(numbers.at(-1)!) })) continue;
    const generated = numbers.map((n) => {
      const _id = generatedProviderId(n);
      const reviews = generatedReviews(set, n).map((review, index) => ({
        ...review,
        ...(set.members > 0 ? { userId: generatedMemberId((n * 7 + index) % set.members) } : {}),
      }));
      const provider = generatedProvider(n);
      const createdAt = new Date(createdFrom + n * 60_000);
      const record = {
        _id,
        ...recordOf(provider, n, provider.email, provider.npiNumber),
        ...images,
        reviewStats: statsOfRatings(reviews),
        createdAt,
        updatedAt: createdAt,
      };
      return { record, reviews };
    });
    // Reviews first: a provider present means its reviews are too.
    const reviews = generated.flatMap((one) => one.reviews);
    await insertIgnoringDuplicates(() => deps.reviews.insertMany(reviews, { ordered: false, lean: true }));
    const records = generated.map((one) => one.record);
    inserted += await insertIgnoringDuplicates(() => deps.providers.insertMany(records, { ordered: false, lean: true }));
    log(`  ${Math.min(start + INSERT_BATCH, set.providers)} of ${set.providers} providers`);
  }
  return inserted;
}

/** The generated set with a shared pair of real images in S3 (the seed); benchmarks give image keys without files. */
async function seedGenerated(deps: SeedDeps, set: GeneratedSet, log: (line: string) => void): Promise<number> {
  const shared = seededId('generated-images');
  const [headshot, gallery] = await Promise.all([
    makeImage(deps.storage, shared, 'headshot', ['#2f5d50', '#a7c4b5']),
    makeImage(deps.storage, shared, 'gallery', ['#2f5d50', '#a7c4b5']),
  ]);
  return insertGeneratedProviders(deps, set, { headshot, gallery }, log);
}

/** Every record of the generated set, whichever run of the seed wrote it. */
function generatedRecordIds(set: GeneratedSet): WrittenRecords {
  const providerIds = Array.from({ length: set.providers }, (_, n) => generatedProviderId(n));
  const reviewIds = providerIds.flatMap((_, n) => generatedReviews(set, n).map((review) => review._id));
  return { providerIds, reviewIds };
}

interface WrittenRecords {
  providerIds: string[];
  reviewIds: string[];
}

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
