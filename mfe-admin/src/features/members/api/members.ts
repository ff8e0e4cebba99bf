import {
  ADMIN_MEMBERS_MAX_PAGE,
  type AdminMember,
  type AdminMembersResponse,
  type AdminPayment,
  type MemberActivityResponse,
  type MemberAdminAction,
  type MembershipState,
  type ReceiptResendResponse,
} from '@altmed/contracts/web';
import { apiCall } from '@altmed/web-kit';

export type { AdminMember, AdminMemberSummary, AdminPayment, MemberActivityResponse, MemberAdminAction, MembershipState } from '@altmed/contracts/web';

/** The texts of a failed call when the server sends no message of its own. */
export const MemberErrors = {
  fetchList: 'Failed to fetch members',
  fetchMember: 'Failed to fetch the member',
  updateStatus: 'Failed to update the member',
  fetchPayments: 'Failed to fetch payments',
  fetchActivity: 'Failed to fetch saved providers and reviews',
  resendReceipt: 'Failed to resend the receipt',
} as const;

/** The list's membership filter: every member, or one membership state. */
export type MembershipFilter = 'all' | MembershipState;

/** GET /api/members?search&membership&page with the admin's token; `totalPages` never counts a page past the ones the server serves. */
export async function fetchMembers(
  token: string | null,
  query: { membership: MembershipFilter; search: string; page: number },
  signal?: AbortSignal,
): Promise<AdminMembersResponse> {
  const data = await apiCall('GET /members', {
    query: { search: query.search.trim(), membership: query.membership === 'all' ? undefined : query.membership, page: query.page },
    token,
    defaultError: MemberErrors.fetchList,
    signal,
  });
  return { ...data, totalPages: Math.min(ADMIN_MEMBERS_MAX_PAGE, Math.max(1, data.totalPages)) };
}

/** GET /api/members/{userId}: the account, its contact details and its block/unblock history. */
export async function fetchMember(token: string | null, userId: string, signal?: AbortSignal): Promise<AdminMember> {
  const { member } = await apiCall('GET /members/:userId', { params: { userId }, token, defaultError: MemberErrors.fetchMember, signal });
  return member;
}

/** PUT /api/members/{userId}/status: block or unblock; answers the account as it now is. */
export async function updateMemberStatus(token: string | null, userId: string, action: MemberAdminAction): Promise<AdminMember> {
  const { member } = await apiCall('PUT /members/:userId/status', { params: { userId }, body: { action }, token, defaultError: MemberErrors.updateStatus });
  return member;
}

/** GET /api/payments/members/{userId}: every payment attempt of the member, newest first. */
export async function fetchMemberPayments(token: string | null, userId: string, signal?: AbortSignal): Promise<AdminPayment[]> {
  const { payments } = await apiCall('GET /payments/members/:userId', { params: { userId }, token, defaultError: MemberErrors.fetchPayments, signal });
  return payments;
}

/** POST /api/payments/{paymentId}/receipt: the receipt of a succeeded payment is emailed again; answers the server's message and the payment with the resend. */
export function resendReceipt(token: string | null, paymentId: string): Promise<ReceiptResendResponse> {
  return apiCall('POST /payments/:paymentId/receipt', { params: { paymentId }, token, defaultError: MemberErrors.resendReceipt });
}

/** GET /api/admins/members/{userId}/activity: the providers the member saved and reviewed, newest first. */
export function fetchMemberActivity(token: string | null, userId: string, signal?: AbortSignal): Promise<MemberActivityResponse> {
  return apiCall('GET /admins/members/:userId/activity', { params: { userId }, token, defaultError: MemberErrors.fetchActivity, signal });
}
