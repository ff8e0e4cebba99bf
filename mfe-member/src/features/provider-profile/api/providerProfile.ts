import type { Provider, ProviderInfoResponse } from '@altmed/contracts/web';
import { ApiError, apiRequest, DefaultErrors } from '@altmed/web-kit';

/** The public profile: the provider record with its reviewStats and reviews. */
export type PublicProvider = Provider;

export type ProfileResult = { kind: 'found'; provider: PublicProvider } | { kind: 'not-found' };

/** GET /api/provider-info/{id} (no token, SPEC §6). A 404 or an empty reply means not found. */
export async function fetchProviderProfile(id: string, signal?: AbortSignal): Promise<ProfileResult> {
  try {
    const reply = await apiRequest<ProviderInfoResponse | undefined>(`/provider-info/${encodeURIComponent(id)}`, {
      defaultError: DefaultErrors.fetchProvider,
      signal,
    });
    const provider = reply?.provider ?? (reply?._id ? (reply as PublicProvider) : undefined);
    return provider ? { kind: 'found', provider } : { kind: 'not-found' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'not-found' };
    throw error;
  }
}
