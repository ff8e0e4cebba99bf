import type { Provider, ProviderInfoResponse } from '@altmed/contracts/web';
import { apiRequest, DefaultErrors } from '@altmed/web-kit';

/** The provider's own record as the dashboard shows it. */
export type ProviderProfile = Provider;

/** GET /api/provider-info/{id}; the reply is the record itself or `{ provider }`. */
export async function fetchOwnProfile(id: string, signal?: AbortSignal): Promise<ProviderProfile> {
  const reply = await apiRequest<ProviderInfoResponse | undefined>(`/provider-info/${encodeURIComponent(id)}`, {
    defaultError: DefaultErrors.fetchProvider,
    signal,
  });
  const provider = reply?.provider ?? (reply?._id ? (reply as ProviderProfile) : undefined);
  if (!provider) throw new Error(DefaultErrors.fetchProvider);
  return provider;
}
