import type { OrderStatus } from '@altmed/contracts/web';
import { dateOrDash } from './format';

/** How the admin pages name a payment's state (Orders Management and a member's payments); `creating` is a record still being written. */
export const paymentStatusLabels: Record<OrderStatus | 'creating', string> = {
  creating: 'Started',
  open: 'Open',
  requires_action: 'Needs authentication',
  processing: 'Processing',
  failed: 'Failed',
  succeeded: 'Paid',
  canceled: 'Canceled',
  refunded: 'Refunded',
};

/** A payment's state in words; one these pages do not know is shown as the server names it. */
export function paymentStatusLabel(status: string): string {
  return (paymentStatusLabels as Record<string, string | undefined>)[status] ?? status.replace(/_/g, ' ');
}

/** When a payment was refunded and by whom: an administrator's email, or Stripe's dashboard when the refund was made there. */
export function refundNote(refund: { by: string | null; at: string }): string {
  return `${dateOrDash(refund.at)} by ${refund.by ?? 'Stripe dashboard'}`;
}
