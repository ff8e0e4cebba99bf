import type { DirectoryResponse } from '@altmed/contracts/web';
import { apiCall, DefaultErrors } from '@altmed/web-kit';

/** GET /api/directory/providers?{query}: a page of providers for a member who has paid, the number that match for anyone else. */
export function fetchDirectory(query: string, token: string | null, signal?: AbortSignal): Promise<DirectoryResponse> {
  return apiCall('GET /directory/providers', { query: new URLSearchParams(query), token, defaultError: DefaultErrors.fetchProviders, signal });
}
