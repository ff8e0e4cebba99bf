import { PROFILE_REVIEWS_LOADED, type Provider, type Review } from '@altmed/contracts/web';
import { ApiError, apiCall, DefaultErrors } from '@altmed/web-kit';

/**
 * The public profile: the provider record with its reviewStats and newest reviews. `latitude` and
 * `longitude` are read when the record carries them (the API has no geocoded address yet); the
 * profile shows a map only then.
 */
export type PublicProvider = Provider & { latitude?: number; longitude?: number };

/** GET /api/provider-info/{id} with the viewer's token. Null when there is no such provider to show (404, or an empty answer). */
export async function fetchProviderProfile(id: string, token: string | null, signal?: AbortSignal): Promise<PublicProvider | null> {
  try {
    const reply = await apiCall('GET /provider-info/:id', { params: { id }, token, defaultError: DefaultErrors.fetchProvider, signal });
    return reply?.provider ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/provider-info/{id}/reviews?page=1&limit=50: the newest reviews, as many as the profile lists (SPEC §9). */
export async function fetchAllProviderReviews(id: string, token: string | null, signal?: AbortSignal): Promise<Review[]> {
  const reply = await apiCall('GET /provider-info/:id/reviews', {
    params: { id },
    query: { page: 1, limit: PROFILE_REVIEWS_LOADED },
    token,
    defaultError: DefaultErrors.fetchProvider,
    signal,
  });
  return Array.isArray(reply?.reviews) ? reply.reviews : [];
}
