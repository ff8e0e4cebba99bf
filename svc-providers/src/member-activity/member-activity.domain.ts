import { MEMBER_DETAIL_LIMIT, type MemberActivityResponse, type MyReviews } from '@altmed/contracts';
import type { ProviderDocument } from '../providers/provider.model';
import type { ReviewDocument, ReviewModel } from '../reviews/review.model';
import { reviewStateOf } from '../reviews/moderation-queue-index';
import type { SavedProviderDocument, SavedProviderModel } from '../saved/saved-provider.model';
import type { ProviderSearch } from '../search/provider-search';

export interface MemberActivityDeps {
  reviews: ReviewModel;
  savedProviders: SavedProviderModel;
  search: Pick<ProviderSearch, 'recordsOf'>;
}

type ReviewRecord = Pick<ReviewDocument, '_id' | 'providerId' | 'satisfactionRating' | 'efficacyRating' | 'reviewText' | 'status' | 'isApproved' | 'createdAt'>;

/** A member's reviews in any state, newest first (the index on userId and createdAt). */
function reviewsOf(deps: MemberActivityDeps, userId: string): Promise<ReviewRecord[]> {
  return deps.reviews
    .find({ userId })
    .sort({ createdAt: -1, _id: 1 })
    .limit(MEMBER_DETAIL_LIMIT)
    .select({ providerId: 1, satisfactionRating: 1, efficacyRating: 1, reviewText: 1, status: 1, isApproved: 1, createdAt: 1 })
    .lean<ReviewRecord[]>();
}

/** The providers' names from the record cache; a provider gone since is named by its id. */
async function providerNames(deps: MemberActivityDeps, providerIds: string[]) {
  const providers = await deps.search.recordsOf([...new Set(providerIds)]);
  return (providerId: string): Pick<ProviderDocument, 'providerName' | 'practiceName'> =>
    providers.get(providerId) ?? { providerName: providerId, practiceName: '' };
}

/** Download my data: every review the caller wrote, with its text and state. */
export async function listMyReviews(deps: MemberActivityDeps, userId: string): Promise<MyReviews> {
  const reviews = await reviewsOf(deps, userId);
  const named = await providerNames(
    deps,
    reviews.map((review) => review.providerId),
  );
  return {
    reviews: reviews.map((review) => ({
      reviewId: review._id,
      providerId: review.providerId,
      providerName: named(review.providerId).providerName,
      satisfactionRating: review.satisfactionRating,
      efficacyRating: review.efficacyRating,
      reviewText: review.reviewText,
      status: reviewStateOf(review),
      createdAt: review.createdAt.toISOString(),
    })),
  };
}

/**
 * What a member did here, for an admin's Users Management: the providers they saved and the reviews
 * they wrote (in any moderation state), newest first. Providers are named from the record cache; a
 * provider gone since is named by its id.
 */
export async function memberActivity(deps: MemberActivityDeps, userId: string): Promise<MemberActivityResponse> {
  const [saved, reviews] = await Promise.all([
    deps.savedProviders.find({ userId }).sort({ savedAt: -1, _id: 1 }).limit(MEMBER_DETAIL_LIMIT).lean<SavedProviderDocument[]>(),
    reviewsOf(deps, userId),
  ]);
  const named = await providerNames(
    deps,
    [...saved, ...reviews].map((record) => record.providerId),
  );
  return {
    saved: saved.map((entry) => ({ providerId: entry.providerId, ...pickNames(named(entry.providerId)), savedAt: entry.savedAt.toISOString() })),
    reviews: reviews.map((review) => ({
      reviewId: review._id,
      providerId: review.providerId,
      providerName: named(review.providerId).providerName,
      satisfactionRating: review.satisfactionRating,
      efficacyRating: review.efficacyRating,
      status: reviewStateOf(review),
      createdAt: review.createdAt.toISOString(),
    })),
  };
}

const pickNames = (provider: Pick<ProviderDocument, 'providerName' | 'practiceName'>) => ({
  providerName: provider.providerName,
  practiceName: provider.practiceName,
});
