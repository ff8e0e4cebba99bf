import type { AnyBulkWriteOperation } from 'mongoose';
import { NO_REVIEWS, type ProviderDocument, type ProviderModel, type StoredReviewStats } from '../providers/provider.model';
import { withEvents } from '@altmed/service-kit';
import { providerChangedEvent } from '../providers/provider-changed.event';
import type { ReviewDocument, ReviewModel } from './review.model';

export interface ReviewStatsDeps {
  providers: ProviderModel;
  reviews: ReviewModel;
  /** Called after the figures are written with provider.changed (see `providerWrittenTo` in search/provider-search.ts). */
  providerWritten: (providerId: string) => Promise<void>;
}

type Ratings = Pick<ReviewDocument, 'satisfactionRating' | 'efficacyRating'>;

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/** Only active, approved reviews are ever shown or counted. */
export const countedReviews = { isActive: true, isApproved: true } as const;

/**
 * Count and averages of some reviews' ratings (0 when there are none). Summed here: FerretDB 1.24
 * has no $avg accumulator, and its $sum of a field answered 0.
 */
export function statsOfRatings(ratings: readonly Ratings[]): StoredReviewStats {
  const total = ratings.length;
  if (total === 0) return { ...NO_REVIEWS };
  const satisfaction = ratings.reduce((sum, review) => sum + review.satisfactionRating, 0) / total;
  const efficacy = ratings.reduce((sum, review) => sum + review.efficacyRating, 0) / total;
  return {
    totalReviews: total,
    averageSatisfactionRating: twoDecimals(satisfaction),
    averageEfficacyRating: twoDecimals(efficacy),
    averageRating: twoDecimals((satisfaction + efficacy) / 2),
  };
}

/** The figures of each provider's counted reviews, from one read; providers without any get zeros. */
async function statsOfProviders(reviews: ReviewModel, providerIds: readonly string[]): Promise<Map<string, StoredReviewStats>> {
  const found = await reviews
    .find({ ...countedReviews, providerId: { $in: [...providerIds] } })
    .select({ _id: 0, providerId: 1, satisfactionRating: 1, efficacyRating: 1 })
    .lean<(Ratings & Pick<ReviewDocument, 'providerId'>)[]>();
  const byProvider = new Map<string, Ratings[]>(providerIds.map((id) => [id, []]));
  for (const review of found) byProvider.get(review.providerId)?.push(review);
  return new Map([...byProvider].map(([id, ratings]) => [id, statsOfRatings(ratings)]));
}

/** The figures of one provider's counted reviews, counted now (a record whose figures are not stored yet). */
export async function countReviewStats(reviews: ReviewModel, providerId: string): Promise<StoredReviewStats> {
  return (await statsOfProviders(reviews, [providerId])).get(providerId)!;
}

/**
 * Writes the provider's figures after one of its reviews was approved, rejected, changed or removed
 * (call it after that write). Without transactions, two changes at once could compute in one order
 * and write in the other; so each change first takes the next revision of the provider, counts,
 * and writes only if no later change has taken one since. A later change started after this one's
 * write, so its count includes it: the last figures written are always those of every change.
 */
export async function refreshReviewStats(deps: ReviewStatsDeps, providerId: string): Promise<StoredReviewStats | undefined> {
  const { providers, reviews } = deps;
  const claimed = await providers
    .findOneAndUpdate({ _id: providerId }, { $inc: { reviewsRevision: 1 } }, { returnDocument: 'after', timestamps: false })
    .lean<Pick<ProviderDocument, '_id' | 'reviewsRevision'>>();
  if (!claimed) return undefined;
  const stats = await countReviewStats(reviews, providerId);
  const written = await providers.updateOne(
    { _id: providerId, reviewsRevision: claimed.reviewsRevision },
    withEvents<ProviderDocument>({ $set: { reviewStats: stats } }, [providerChangedEvent([providerId])]),
    { timestamps: false },
  );
  if (written.modifiedCount === 1) await deps.providerWritten(providerId);
  return stats;
}

const BATCH = 500;

/**
 * Writes the figures of the given providers as their reviews stand now (the seed, after it wrote
 * reviews, and the start-up backfill); `onlyMissing` leaves records that already have figures,
 * which a review change may have written meanwhile.
 */
export async function recountReviewStats(
  providers: ProviderModel,
  reviews: ReviewModel,
  providerIds: readonly string[],
  { onlyMissing = false }: { onlyMissing?: boolean } = {},
): Promise<number> {
  let updated = 0;
  for (let start = 0; start < providerIds.length; start += BATCH) {
    const ids = providerIds.slice(start, start + BATCH);
    const stats = await statsOfProviders(reviews, ids);
    const operations: AnyBulkWriteOperation<ProviderDocument>[] = ids.map((_id) => ({
      updateOne: {
        filter: { _id, ...(onlyMissing ? { reviewStats: { $exists: false } } : {}) },
        update: { $set: { reviewStats: stats.get(_id)! } },
        timestamps: false,
      },
    }));
    if (operations.length > 0) updated += (await providers.bulkWrite(operations, { ordered: false })).modifiedCount;
  }
  return updated;
}

/**
 * Gives every provider without figures its figures (records older than them); run at service start,
 * like the search keys' backfill. The ids are read whole before the first write: no cursor stays
 * open across the writes.
 */
export async function backfillReviewStats(providers: ProviderModel, reviews: ReviewModel): Promise<number> {
  const missing = await providers
    .find({ reviewStats: { $exists: false } })
    .select({ _id: 1 })
    .lean<Pick<ProviderDocument, '_id'>[]>();
  return recountReviewStats(
    providers,
    reviews,
    missing.map(({ _id }) => _id),
    { onlyMissing: true },
  );
}
