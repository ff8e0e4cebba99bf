import type { CompareResponse } from '@altmed/contracts/web';
import { apiCall } from '@altmed/web-kit';

export const COMPARE_LOAD_ERROR = 'Failed to load the comparison';

/** GET /api/directory/compare?ids=a,b[&zip=12345]: the providers side by side, for a member who has paid (and admins). */
export function fetchComparison(ids: readonly string[], zip: string, token: string | null, signal?: AbortSignal): Promise<CompareResponse> {
  return apiCall('GET /directory/compare', { query: { ids: ids.join(','), zip }, token, defaultError: COMPARE_LOAD_ERROR, signal });
}
