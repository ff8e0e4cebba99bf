import { MEMBER_DETAIL_LIMIT, type MemberActivityResponse } from '@altmed/contracts';
import type { ProviderDocument } from '../providers/provider.model';
import type { ReviewDocument, ReviewModel } from '../reviews/review.model';
import { reviewStateOf } from '../reviews/moderation-queue';
import type { SavedProviderDocument, SavedProviderModel } from '../saved/saved-provider.model';
import type { ProviderSearch } from '../search/provider-search';

export interface MemberActivityDeps {
  reviews: ReviewModel;
  savedProviders: SavedProviderModel;
  search: Pick<ProviderSearch, 'recordsOf'>;
}

type ReviewRecord = Pick<ReviewDocument, '_id' | 'providerId' | 'satisfactionRating' | 'efficacyRating' | 'status' | 'isApproved' | 'createdAt'>;

/**
 * What a member did here, for an admin's Users Management: the providers they saved and the reviews
 * they wrote (in any moderation state), newest first. Providers are named from the record cache; a
 * provider gone since is named by its id.
 */
export async function memberActivity(deps: MemberActivityDeps, userId: string): Promise<MemberActivityResponse> {
  const [saved, reviews] = await Promise.all([
    deps.savedProviders.find({ userId }).sort({ savedAt: -1, _id: 1 }).limit(MEMBER_DETAIL_LIMIT).lean<SavedProviderDocument[]>(),
    deps.reviews
      .find({ userId })
      .sort({ createdAt: -1, _id: 1 })
      .limit(MEMBER_DETAIL_LIMIT)
      .select({ providerId: 1, satisfactionRating: 1, efficacyRating: 1, status: 1, isApproved: 1, createdAt: 1 })
      .lean<ReviewRecord[]>(),
  ]);
  const providers = await deps.search.recordsOf([...new Set([...saved, ...reviews].map((record) => record.providerId))]);
  const named = (providerId: string): Pick<ProviderDocument, 'providerName' | 'practiceName'> =>
    providers.get(providerId) ?? { providerName: providerId, practiceName: '' };
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
