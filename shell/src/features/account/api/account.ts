import type { DirectoryProvider, Membership, ReceiptsResponse, SavedProvidersResponse } from '@altmed/contracts/web';
import { apiRequest } from '@altmed/web-kit';

/** GET /users/me: the member's membership (status and end date). */
export async function getMembership(token: string): Promise<Membership> {
  const { user } = await apiRequest<{ user: { membership: Membership } }>('/users/me', { token, defaultError: 'Could not load your membership' });
  return user.membership;
}

/** GET /payments/receipts: the member's paid memberships, newest first. */
export function getReceipts(token: string): Promise<ReceiptsResponse> {
  return apiRequest<ReceiptsResponse>('/payments/receipts', { token, defaultError: 'Could not load your receipts' });
}

/** GET /saved-providers: the providers the member keeps, newest first. */
export async function getSavedProviders(token: string): Promise<DirectoryProvider[]> {
  const { providers } = await apiRequest<SavedProvidersResponse>('/saved-providers', { token, defaultError: 'Could not load your saved providers' });
  return providers;
}

/** DELETE /saved-providers/{id}. */
export async function removeSavedProvider(token: string, providerId: string): Promise<void> {
  await apiRequest(`/saved-providers/${encodeURIComponent(providerId)}`, { method: 'DELETE', token, defaultError: 'Could not remove the provider' });
}
