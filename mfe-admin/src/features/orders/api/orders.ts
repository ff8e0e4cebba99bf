import { ADMIN_ORDERS_MAX_PAGE, type ApiResponseBody, type OrderStatus } from '@altmed/contracts/web';
import { apiCall } from '@altmed/web-kit';

export type { OrderStatus } from '@altmed/contracts/web';
/** GET /api/payments's answer: a page of payments, the counts per status, the paging. */
export type AdminOrdersResponse = ApiResponseBody<'GET /payments'>;
/** A payment as Orders Management lists it: the payment and the member who made it (null when unknown). */
export type AdminOrder = AdminOrdersResponse['payments'][number];
/** POST /api/payments/{paymentId}/refund's answer: the server's message and the payment as it now stands. */
export type RefundResponse = ApiResponseBody<'POST /payments/:paymentId/refund'>;

/** The texts of a failed call when the server sends no message of its own. */
export const OrderErrors = {
  fetchList: 'Failed to fetch payments',
  refund: 'Failed to refund the payment',
} as const;

/** The list's status filter: every payment, or one status. */
export type StatusFilter = 'all' | OrderStatus;

/** GET /api/payments?search&status&page with the admin's token; `totalPages` never counts a page past the ones the server serves. */
export async function fetchOrders(
  token: string | null,
  query: { status: StatusFilter; search: string; page: number },
  signal?: AbortSignal,
): Promise<AdminOrdersResponse> {
  const data = await apiCall('GET /payments', {
    query: { search: query.search.trim(), status: query.status === 'all' ? undefined : query.status, page: query.page },
    token,
    defaultError: OrderErrors.fetchList,
    signal,
  });
  return { ...data, totalPages: Math.min(ADMIN_ORDERS_MAX_PAGE, Math.max(1, data.totalPages)) };
}

/** POST /api/payments/{paymentId}/refund: the whole payment goes back to the card and the membership it paid for ends. */
export function refundPayment(token: string | null, paymentId: string): Promise<RefundResponse> {
  return apiCall('POST /payments/:paymentId/refund', { params: { paymentId }, token, defaultError: OrderErrors.refund });
}
