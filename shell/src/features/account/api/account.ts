import type { Membership, ReceiptsResponse } from '@altmed/contracts/web';
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
