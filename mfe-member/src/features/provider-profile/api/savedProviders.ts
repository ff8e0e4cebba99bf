import { apiCall } from '@altmed/web-kit';

const SAVED_ERROR = 'Your saved providers could not be loaded';
const SAVE_ERROR = 'The provider could not be saved. Please try again.';

/** GET /api/saved-providers/{id}: whether the member keeps this provider. */
export async function fetchIsSaved(providerId: string, token: string | null, signal?: AbortSignal): Promise<boolean> {
  const reply = await apiCall('GET /saved-providers/:providerId', { params: { providerId }, token, defaultError: SAVED_ERROR, signal });
  return reply.saved;
}

/** PUT or DELETE /api/saved-providers/{id}. */
export async function setSaved(providerId: string, saved: boolean, token: string | null): Promise<void> {
  await apiCall(saved ? 'PUT /saved-providers/:providerId' : 'DELETE /saved-providers/:providerId', {
    params: { providerId },
    token,
    defaultError: SAVE_ERROR,
  });
}
