import { randomUUID } from 'node:crypto';
import { Messages, MemberAdminMessages, RECEIPTS_LISTED, type AccessTokenClaims, type ReceiptResendResponse, type ReceiptsResponse } from '@altmed/contracts';
import { conflict, createEvent, notFound, withEvents } from '@altmed/service-kit';
import {
  ADMIN_PAYMENT_FIELDS,
  ANSWERED_PAYMENT_FIELDS,
  adminPaymentView,
  paymentAnswer,
  type AdminPaymentRecord,
  type AnsweredPaymentRecord,
} from './payment-answers';
import type { PaymentDocument, PaymentModel } from './payment.model';

export interface ReceiptsDeps {
  payments: PaymentModel;
  /** Called after a write that carries events, so the relay publishes without waiting a poll. */
  onEventsWritten: () => void;
}

/** The caller's paid memberships, newest first (a 100 % code's included, at 0; a refunded one says when). */
export async function listReceipts(deps: ReceiptsDeps, callerId: string): Promise<ReceiptsResponse> {
  const paid = await deps.payments
    .find({ userId: callerId, status: { $in: ['succeeded', 'refunded'] }, paidAt: { $exists: true } })
    .sort({ paidAt: -1 })
    .limit(RECEIPTS_LISTED)
    .select(ANSWERED_PAYMENT_FIELDS)
    .lean<AnsweredPaymentRecord[]>();
  return {
    receipts: paid.map((payment) => {
      const { id, reference, amount, currency, promoCode, paidAt, refundedAt, refundPendingSince } = paymentAnswer(payment);
      return { paymentId: id, reference, amount, currency, promoCode, paidAt: paidAt!, refundedAt, refundPendingSince };
    }),
  };
}

/**
 * An admin has a paid membership's receipt emailed again: the request (admin, time) is kept on the
 * payment and receipt.resend_requested goes out with it, in one write; svc-notify sends the email
 * once per request.
 */
export async function resendReceipt(deps: ReceiptsDeps, paymentId: string, admin: AccessTokenClaims): Promise<ReceiptResendResponse> {
  const payment = await deps.payments.findById(paymentId).select({ userId: 1, status: 1 }).lean<Pick<PaymentDocument, '_id' | 'userId' | 'status'>>();
  if (!payment) throw notFound(Messages.paymentNotFound);
  if (payment.status !== 'succeeded') throw conflict(MemberAdminMessages.receiptOnlyForPaid);
  const resend = { by: { id: admin.sub, email: admin.email }, at: new Date() };
  const event = createEvent(
    'receipt.resend_requested',
    { requestId: randomUUID(), paymentId, userId: payment.userId, requestedBy: resend.by, requestedAt: resend.at.toISOString() },
    'svc-billing',
  );
  await deps.payments.updateOne({ _id: paymentId, status: 'succeeded' }, withEvents<PaymentDocument>({ $push: { receiptResends: resend } }, [event]));
  deps.onEventsWritten();
  const updated = await deps.payments.findById(paymentId).select(ADMIN_PAYMENT_FIELDS).lean<AdminPaymentRecord>();
  return { message: MemberAdminMessages.receiptResent, payment: adminPaymentView(updated!) };
}
