import Stripe from 'stripe';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  Messages,
  OrderMessages,
  type AccessTokenClaims,
  type AdminOrdersQuery,
  type AdminOrdersResponse,
  type PaymentFiguresResponse,
  type RefundResponse,
} from '@altmed/contracts';
import { conflict, createEvent, isDuplicateKeyError, notFound, outboxFieldsFor, withEvents } from '@altmed/service-kit';
import type { PaymentDocument, PaymentRefundModel } from '../payments/payment.model';
import { paymentChangedEvent } from '../payments/payment-changed.event';
import type { PaymentsDeps } from '../payments/checkout.domain';
import { ADMIN_PAYMENT_FIELDS, type AdminPaymentRecord } from '../payments/payment-answers';
import { callStripe, stripeFailure } from '../stripe/stripe-errors';
import type { KeptPaymentList } from './kept-payment-list';
import { orderView, totalPagesOf } from './payment-list';

export interface RefundsDeps extends PaymentsDeps {
  refunds: PaymentRefundModel;
}

export interface OrdersDeps extends RefundsDeps {
  paymentList: KeptPaymentList;
}

export async function listOrders(deps: OrdersDeps, query: AdminOrdersQuery): Promise<AdminOrdersResponse> {
  await deps.paymentList.kept.whenRead(OrderMessages.listLoading);
  const { payments, counts, total } = deps.paymentList.find(query);
  return { payments, counts, total, page: query.page ?? 1, pageSize: ADMIN_ORDERS_PAGE_SIZE, totalPages: totalPagesOf(total) };
}

export async function paymentFigures(deps: OrdersDeps): Promise<PaymentFiguresResponse> {
  await deps.paymentList.kept.whenRead(OrderMessages.listLoading);
  return deps.paymentList.figures();
}

/**
 * An admin refunds a paid membership in full. Stripe's idempotency key is the payment's attempt
 * (`refund:<paymentId>:<attempt>`, the attempt moving on only when a refund failed at Stripe), so
 * asks at the same moment make one refund: an ask while another's is still under way at Stripe gets
 * 409 (Stripe's `idempotency_key_in_use`), as does an ask after it was recorded; an ask after a
 * failed refund makes a new one. The refund is recorded from Stripe's answer, and from its
 * `charge.refunded` webhook, whichever comes first.
 */
export async function refundPayment(deps: OrdersDeps, paymentId: string, admin: AccessTokenClaims): Promise<RefundResponse> {
  const payment = await deps.payments
    .findById(paymentId)
    .select({ status: 1, amount: 1, paymentIntentId: 1, refundPending: 1, refundsFailed: 1 })
    .lean<Pick<PaymentDocument, '_id' | 'status' | 'amount' | 'paymentIntentId' | 'refundPending' | 'refundsFailed'>>();
  if (!payment) throw notFound(Messages.paymentNotFound);
  if (payment.status === 'refunded' || (await deps.refunds.exists({ _id: paymentId }))) throw conflict(OrderMessages.alreadyRefunded);
  if (payment.refundPending) throw conflict(OrderMessages.refundUnderWay);
  if (payment.status !== 'succeeded') throw conflict(OrderMessages.refundOnlyForPaid);
  const paymentIntentId = payment.paymentIntentId;
  if (payment.amount === 0 || !paymentIntentId) throw conflict(OrderMessages.nothingToRefund);

  const askedBy = { id: admin.sub, email: admin.email };
  await deps.payments.updateOne({ _id: paymentId }, { $set: { refundAskedBy: askedBy } });
  let refund: Stripe.Response<Stripe.Refund>;
  try {
    refund = await deps.stripe.refunds.create(
      { payment_intent: paymentIntentId, reason: 'requested_by_customer', metadata: { paymentId } },
      { idempotencyKey: `refund:${paymentId}:${(payment.refundsFailed ?? 0) + 1}` },
    );
  } catch (err) {
    // Another ask's request to Stripe (the same idempotency key) is still under way, through the SDK's retries: it makes the refund.
    if (err instanceof Stripe.errors.StripeError && err.code === 'idempotency_key_in_use') throw conflict(OrderMessages.refundUnderWay);
    // No refund was made by this ask: a refund recorded later (Stripe's dashboard) must not name this admin.
    await deps.payments.updateOne({ _id: paymentId, refundAskedBy: askedBy }, { $unset: { refundAskedBy: 1 } });
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') {
      // Refunded in Stripe's dashboard, its webhook not here yet: recorded now, with Stripe's refund.
      const intent = await callStripe(() => deps.stripe.paymentIntents.retrieve(paymentIntentId));
      const recorded = typeof intent.latest_charge === 'string' ? await recordRefundOfCharge(deps, paymentId, intent.latest_charge) : null;
      await deps.paymentList.kept.written([paymentId]);
      throw conflict(recorded === 'pending' ? OrderMessages.refundUnderWay : OrderMessages.alreadyRefunded);
    }
    throw stripeFailure(err);
  }
  // A replay is Stripe's first answer under the key (another ask's, at the same moment): what became of that refund is read again.
  const current = refund.lastResponse.headers['idempotent-replayed'] === 'true' ? await callStripe(() => deps.stripe.refunds.retrieve(refund.id)) : refund;
  if (current.status === 'succeeded') await recordRefund(deps, paymentId, current.id);
  else if (current.status === 'pending') await recordPendingRefund(deps, paymentId, current.id);
  else {
    // Failed (or canceled) at Stripe already: nothing was refunded, and the next ask is a new attempt.
    await deps.payments.updateOne(
      { _id: paymentId, refundAskedBy: askedBy, refundPending: { $exists: false } },
      { $unset: { refundAskedBy: 1 }, $inc: { refundsFailed: 1 } },
    );
    throw conflict(OrderMessages.refundUnderWay);
  }
  await deps.paymentList.kept.written([paymentId]);
  const updated = await deps.payments.findById(paymentId).select(ADMIN_PAYMENT_FIELDS).lean<AdminPaymentRecord>();
  return { message: current.status === 'pending' ? OrderMessages.refundPending : OrderMessages.refunded, payment: orderView(updated!) };
}

/**
 * Stripe says the charge of a payment is refunded in full (its `charge.refunded`, or
 * `charge_already_refunded` to an ask): the charge is read as Stripe holds it now, with its refunds
 * (newest first), and the refund that stands is recorded, pending or done, with its id. Answers
 * what was recorded; null when the charge is not refunded in full (any more): a partial refund made
 * in Stripe, or a pending refund that has failed since.
 */
export async function recordRefundOfCharge(deps: RefundsDeps, paymentId: string, chargeId: string): Promise<'pending' | 'refunded' | null> {
  const charge = await callStripe(() => deps.stripe.charges.retrieve(chargeId, { expand: ['refunds'] }));
  if (!charge.refunded) return null;
  const standing = charge.refunds?.data.find((refund) => refund.status === 'succeeded' || refund.status === 'pending');
  if (standing?.status === 'pending') {
    await recordPendingRefund(deps, paymentId, standing.id);
    return 'pending';
  }
  await recordRefund(deps, paymentId, standing?.id ?? null);
  return 'refunded';
}

/**
 * Stripe answered a refund `pending` (the card's bank has not answered): the payment keeps its
 * year and says who asked, until `refund.updated` tells whether it succeeded (recordRefund) or
 * failed (dropPendingRefund).
 */
export async function recordPendingRefund(deps: RefundsDeps, paymentId: string, stripeRefundId: string): Promise<void> {
  const payment = await deps.payments.findById(paymentId).select({ refundAskedBy: 1 }).lean<Pick<PaymentDocument, '_id' | 'refundAskedBy'>>();
  const refundPending = { stripeRefundId, by: payment?.refundAskedBy ?? null, at: new Date() };
  const marked = await deps.payments.updateOne(
    { _id: paymentId, status: 'succeeded', refundPending: { $exists: false } },
    withEvents<PaymentDocument>({ $set: { refundPending } }, [paymentChangedEvent([paymentId])]),
  );
  if (marked.modifiedCount === 1) deps.onEventsWritten();
}

/**
 * A pending refund failed or was canceled at Stripe: the payment stands, as if it had not been
 * asked, and the failure is counted, so the next ask is a new attempt under a key of its own (under
 * the old one Stripe would replay the failed refund for 24 hours).
 */
export async function dropPendingRefund(deps: RefundsDeps, paymentId: string, stripeRefundId: string): Promise<void> {
  const dropped = await deps.payments.updateOne(
    { _id: paymentId, 'refundPending.stripeRefundId': stripeRefundId },
    withEvents<PaymentDocument>({ $unset: { refundPending: 1, refundAskedBy: 1 }, $inc: { refundsFailed: 1 } }, [paymentChangedEvent([paymentId])]),
  );
  if (dropped.modifiedCount === 1) deps.onEventsWritten();
}

/**
 * Records a payment's full refund and its payment.refunded event exactly once, however many
 * recorders arrive at once (the admin's call, webhook copies): the event rides on the insert of the
 * refund document, which only one of them makes. The payment record then says refunded.
 */
export async function recordRefund(deps: RefundsDeps, paymentId: string, stripeRefundId: string | null): Promise<void> {
  const payment = await deps.payments
    .findById(paymentId)
    .select({ userId: 1, member: 1, amount: 1, currency: 1, paymentIntentId: 1, refundAskedBy: 1 })
    .lean<Pick<PaymentDocument, '_id' | 'userId' | 'member' | 'amount' | 'currency' | 'paymentIntentId' | 'refundAskedBy'>>();
  if (!payment) throw new Error(`Refund of payment ${paymentId}, which this service does not hold`);
  const by = payment.refundAskedBy ?? null;
  const refundedAt = new Date();
  const event = createEvent(
    'payment.refunded',
    {
      paymentId,
      userId: payment.userId,
      amount: payment.amount,
      currency: payment.currency,
      refundedAt: refundedAt.toISOString(),
      refundedBy: by,
      member: payment.member ? { name: payment.member.name, email: payment.member.email } : null,
      paymentIntentId: payment.paymentIntentId ?? null,
    },
    'svc-billing',
  );
  try {
    await deps.refunds.create({ _id: paymentId, stripeRefundId, by, refundedAt, ...outboxFieldsFor([event]) });
    deps.onEventsWritten();
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  const recorded = await deps.refunds
    .findById(paymentId)
    .lean<{ stripeRefundId: string | null; by: PaymentDocument['refundAskedBy'] | null; refundedAt: Date }>();
  // Stripe's events come in any order: a refund told before the success still gets the success's paid-at.
  const success = await deps.successes.findById(paymentId).select({ paidAt: 1 }).lean<{ paidAt: Date }>();
  const refund = { stripeRefundId: recorded!.stripeRefundId, by: recorded!.by ?? null, at: recorded!.refundedAt };
  const marked = await deps.payments.updateOne(
    { _id: paymentId, status: { $ne: 'refunded' } },
    withEvents<PaymentDocument>({ $set: { status: 'refunded', refund, ...(success ? { paidAt: success.paidAt } : {}) }, $unset: { refundPending: 1 } }, [
      paymentChangedEvent([paymentId]),
    ]),
  );
  if (marked.modifiedCount === 1) deps.onEventsWritten();
}
