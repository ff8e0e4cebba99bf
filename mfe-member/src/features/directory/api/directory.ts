import type { DirectoryResponse } from '@altmed/contracts/web';
import { apiRequest, DefaultErrors } from '@altmed/web-kit';

/** GET /api/directory/providers?{query}: a page of providers for a member who has paid, the number that match for anyone else. */
export function fetchDirectory(query: string, token: string | null, signal?: AbortSignal): Promise<DirectoryResponse> {
  return apiRequest<DirectoryResponse>(`/directory/providers${query ? `?${query}` : ''}`, {
    token,
    defaultError: DefaultErrors.fetchProviders,
    signal,
  });
}
