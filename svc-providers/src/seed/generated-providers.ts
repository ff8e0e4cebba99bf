import { generatedMemberId, insertIgnoringDuplicates } from '@altmed/service-kit';
import { statsOfRatings } from '../reviews/review-stats';
import type { StoredImage } from '../uploads/images';
import { generatedProvider, generatedProviderId, seededId } from './seed-data';
import { makeImage, recordOf, reviewDocuments, type SeedDeps, type WrittenRecords } from './seed-records';

export interface GeneratedSet {
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
export async function seedGenerated(deps: SeedDeps, set: GeneratedSet, log: (line: string) => void): Promise<number> {
  const shared = seededId('generated-images');
  const [headshot, gallery] = await Promise.all([
    makeImage(deps.storage, shared, 'headshot', ['#2f5d50', '#a7c4b5']),
    makeImage(deps.storage, shared, 'gallery', ['#2f5d50', '#a7c4b5']),
  ]);
  return insertGeneratedProviders(deps, set, { headshot, gallery }, log);
}

/** Every record of the generated set, whichever run of the seed wrote it. */
export function generatedRecordIds(set: GeneratedSet): WrittenRecords {
  const providerIds = Array.from({ length: set.providers }, (_, n) => generatedProviderId(n));
  const reviewIds = providerIds.flatMap((_, n) => generatedReviews(set, n).map((review) => review._id));
  return { providerIds, reviewIds };
}
