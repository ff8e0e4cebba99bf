import type { SavedProvidersResponse } from '@altmed/contracts/web';
import { apiRequest } from '@altmed/web-kit';

const SAVED_ERROR = 'Your saved providers could not be loaded';
const SAVE_ERROR = 'The provider could not be saved. Please try again.';

/** GET /api/saved-providers: the ids of the member's saved providers. */
export async function fetchSavedIds(token: string | null, signal?: AbortSignal): Promise<string[]> {
  const reply = await apiRequest<SavedProvidersResponse>('/saved-providers', { token, defaultError: SAVED_ERROR, signal });
  return reply.providers.map((provider) => provider._id);
}

/** PUT or DELETE /api/saved-providers/{id}. */
export async function setSaved(providerId: string, saved: boolean, token: string | null): Promise<void> {
  await apiRequest(`/saved-providers/${encodeURIComponent(providerId)}`, { method: saved ? 'PUT' : 'DELETE', token, defaultError: SAVE_ERROR });
}
