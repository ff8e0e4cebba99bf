import { PROFILE_REVIEWS_LOADED, type Review } from '@altmed/contracts/web';
import { apiCall } from '@altmed/web-kit';

export const ReviewsErrors = { load: 'Failed to load reviews. Please try again.' } as const;

/** GET /api/provider-info/{id}/reviews: the newest published reviews (up to 50) and how many there are; read-only for the provider. */
export async function fetchPublishedReviews(providerId: string, token: string | null, signal?: AbortSignal): Promise<{ reviews: Review[]; total: number }> {
  const reply = await apiCall('GET /provider-info/:id/reviews', {
    params: { id: providerId },
    query: { page: 1, limit: PROFILE_REVIEWS_LOADED },
    token,
    defaultError: ReviewsErrors.load,
    signal,
  });
  const reviews = Array.isArray(reply?.reviews) ? reply.reviews : [];
  return { reviews, total: reply?.total ?? reviews.length };
}
