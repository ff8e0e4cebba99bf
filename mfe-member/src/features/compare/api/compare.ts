import type { CompareResponse } from '@altmed/contracts/web';
import { apiRequest } from '@altmed/web-kit';

export const COMPARE_LOAD_ERROR = 'Failed to load the comparison';

/** GET /api/directory/compare?ids=a,b[&zip=12345]: the providers side by side, for a member who has paid (and admins). */
export function fetchComparison(ids: readonly string[], zip: string, token: string | null, signal?: AbortSignal): Promise<CompareResponse> {
  const params = new URLSearchParams({ ids: ids.join(',') });
  if (zip) params.set('zip', zip);
  return apiRequest<CompareResponse>(`/directory/compare?${params.toString()}`, { token, defaultError: COMPARE_LOAD_ERROR, signal });
}
