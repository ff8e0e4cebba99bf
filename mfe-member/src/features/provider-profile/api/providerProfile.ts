import { PROFILE_REVIEWS_LOADED, type Provider, type Review } from '@altmed/contracts/web';
import { ApiError, apiCall, DefaultErrors } from '@altmed/web-kit';
import { appendPlace, type SearchPlace } from '../../../lib/searchPlace';

/**
 * The public profile: the provider record with its reviewStats and newest reviews. `latitude` and
 * `longitude` are read when the record carries them (the API has no geocoded address yet); the
 * profile shows a map only then.
 */
export type PublicProvider = Provider & { latitude?: number; longitude?: number };

/** A profile as the page shows it: the provider, and how far the practice is from the place the member searched near (when known). */
export interface PublicProfile {
  provider: PublicProvider;
  distanceMiles?: number;
}

/**
 * GET /api/provider-info/{id}[?near=…|?lat=…&lng=…] with the viewer's token. Null when there is no
 * such provider to show (404, or an empty answer). A place the API refuses (a ZIP code it does not
 * know, in a link edited by hand) only costs the distance.
 */
export async function fetchProviderProfile(id: string, place: SearchPlace, token: string | null, signal?: AbortSignal): Promise<PublicProfile | null> {
  const query = appendPlace(new URLSearchParams(), place);
  try {
    const reply = await apiCall('GET /provider-info/:id', { params: { id }, query, token, defaultError: DefaultErrors.fetchProvider, signal });
    return reply?.provider ? { provider: reply.provider, distanceMiles: reply.distanceMiles } : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    if (error instanceof ApiError && error.status === 400 && query.size > 0) return fetchProviderProfile(id, {}, token, signal);
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
