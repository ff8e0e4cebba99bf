import { paymentReference, type AdminPayment, type MyPayments } from '@altmed/contracts';
import type { PaymentDocument } from './payment.model';

/** What every answer about a payment is made from. */
export type AnsweredPaymentRecord = Pick<
  PaymentDocument,
  '_id' | 'amount' | 'currency' | 'promoCode' | 'status' | 'createdAt' | 'paidAt' | 'refund' | 'refundPending'
>;
export const ANSWERED_PAYMENT_FIELDS = { amount: 1, currency: 1, promoCode: 1, status: 1, createdAt: 1, paidAt: 1, refund: 1, refundPending: 1 } as const;

/** What the admin's views (a member's payments, Orders Management) are made from. */
export type AdminPaymentRecord = AnsweredPaymentRecord & Pick<PaymentDocument, 'userId' | 'member' | 'receiptResends'>;
export const ADMIN_PAYMENT_FIELDS = { ...ANSWERED_PAYMENT_FIELDS, userId: 1, member: 1, receiptResends: 1 } as const;

export type PaymentAnswer = MyPayments['payments'][number];

/** A payment as its member sees it (Download my data): times in ISO, null until they happen. Receipts and the admin's view are made from it. */
export function paymentAnswer(payment: AnsweredPaymentRecord): PaymentAnswer {
  return {
    id: payment._id,
    reference: paymentReference(payment._id),
    amount: payment.amount,
    currency: payment.currency,
    promoCode: payment.promoCode,
    status: payment.status,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
    refundedAt: payment.refund?.at.toISOString() ?? null,
    refundPendingSince: payment.refundPending?.at.toISOString() ?? null,
  };
}

/** A payment as an admin sees it: who it is of, each resend of its receipt and who refunded it. */
export function adminPaymentView(payment: AdminPaymentRecord): AdminPayment {
  const { refundedAt, refundPendingSince: _pendingSince, ...answer } = paymentAnswer(payment);
  return {
    ...answer,
    userId: payment.userId,
    receiptResends: (payment.receiptResends ?? []).map((resend) => ({ by: resend.by.email, at: resend.at.toISOString() })),
    refund: refundedAt === null ? null : { by: payment.refund?.by?.email ?? null, at: refundedAt },
    refundPending: payment.refundPending ? { by: payment.refundPending.by?.email ?? null, at: payment.refundPending.at.toISOString() } : null,
  };
}
