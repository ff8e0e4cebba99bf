import type { DirectoryProvider, Membership, ReceiptsResponse } from '@altmed/contracts/web';
import { apiCall } from '@altmed/web-kit';

/** GET /users/me: the member's membership (status and end date). */
export async function getMembership(token: string): Promise<Membership> {
  const { user } = await apiCall('GET /users/me', { token, defaultError: 'Could not load your membership' });
  return user.membership;
}

/** GET /payments/receipts: the member's paid memberships, newest first. */
export function getReceipts(token: string): Promise<ReceiptsResponse> {
  return apiCall('GET /payments/receipts', { token, defaultError: 'Could not load your receipts' });
}

/** GET /saved-providers: the providers the member keeps, newest first. */
export async function getSavedProviders(token: string): Promise<DirectoryProvider[]> {
  const { providers } = await apiCall('GET /saved-providers', { token, defaultError: 'Could not load your saved providers' });
  return providers;
}

/** DELETE /saved-providers/{id}. */
export async function removeSavedProvider(token: string, providerId: string): Promise<void> {
  await apiCall('DELETE /saved-providers/:providerId', { params: { providerId }, token, defaultError: 'Could not remove the provider' });
}
