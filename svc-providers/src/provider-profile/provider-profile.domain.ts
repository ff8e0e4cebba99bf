import { PROFILE_REVIEWS_SHOWN, type PlaceQuery, type Provider, type ReviewsResponse } from '@altmed/contracts';
import { milesBetween, originOf, zipCoordinates } from '../places/zip-places';
import type { ReviewModel } from '../reviews/review.model';
import { countReviewStats } from '../reviews/review-stats';
import { listReviews } from '../reviews/member-reviews.domain';
import { providerView, visibleProvider, type Auth, type ProvidersDeps } from '../providers/providers.domain';

export interface ProviderProfileDeps extends Pick<ProvidersDeps, 'providers' | 'storage'> {
  reviews: ReviewModel;
}

/** GET /provider-info/{id}: the profile with its review figures and newest shown reviews. */
export async function getProvider(deps: ProviderProfileDeps, providerId: string, auth: Auth): Promise<Provider> {
  const provider = await visibleProvider(deps, providerId, auth);
  const [view, stats, latest] = await Promise.all([
    providerView(deps, provider, auth),
    // The figures kept on the record (reviews/review-stats.ts); counted now for a record that has none yet.
    provider.reviewStats ?? countReviewStats(deps.reviews, providerId),
    listReviews(deps.reviews, providerId, 1, PROFILE_REVIEWS_SHOWN),
  ]);
  const { totalReviews, averageSatisfactionRating, averageEfficacyRating } = stats;
  return { ...view, reviewStats: { totalReviews, averageSatisfactionRating, averageEfficacyRating }, reviews: latest.reviews };
}

/** A provider as a member opens the profile: with the distance from the place of the search it came from, when there was one. */
export async function getProfile(
  deps: ProviderProfileDeps,
  providerId: string,
  auth: Auth,
  place: PlaceQuery,
): Promise<{ provider: Provider; distanceMiles?: number }> {
  const origin = originOf(place);
  const provider = await getProvider(deps, providerId, auth);
  const practice = origin && provider.zip ? zipCoordinates(provider.zip) : null;
  return { provider, ...(origin && practice ? { distanceMiles: milesBetween(origin, practice) } : {}) };
}

/** GET /provider-info/{id}/reviews: the provider's shown reviews, a page at a time. */
export async function getProviderReviews(deps: ProviderProfileDeps, providerId: string, auth: Auth, page: number, limit: number): Promise<ReviewsResponse> {
  await visibleProvider(deps, providerId, auth);
  return listReviews(deps.reviews, providerId, page, limit);
}
