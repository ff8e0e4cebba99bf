import type Stripe from 'stripe';
import { Messages } from '@altmed/contracts';
import { badRequest, isDuplicateKeyError } from '@altmed/service-kit';
import type { PaymentDocument, StripeEventModel } from '../payments/payment.model';
import { dropPendingRefund, recordRefund, recordRefundOfCharge, type RefundsDeps } from '../orders/orders.domain';
import { recordIntentState, recordSuccess } from '../payments/checkout.domain';

export interface WebhooksDeps extends RefundsDeps {
  stripeEvents: StripeEventModel;
  webhookSecret: string;
}

/**
 * A Stripe webhook delivery: the signature is checked on the body exactly as it arrived. Stripe
 * delivers at least once and in any order, so an event already handled is answered without work,
 * and each event acts on the payment intent it carries (a snapshot signed by Stripe) through
 * writes that never undo a success.
 */
export async function handleStripeWebhook(deps: WebhooksDeps, rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(rawBody ?? '', signature ?? '', deps.webhookSecret);
  } catch {
    throw badRequest(Messages.invalidWebhookSignature);
  }
  if (await deps.stripeEvents.exists({ _id: event.id })) return;
  if (event.type.startsWith('payment_intent.')) await applyPaymentIntent(deps, event.data.object as Stripe.PaymentIntent);
  if (event.type === 'charge.refunded') await applyRefundedCharge(deps, event.data.object);
  if (event.type === 'refund.updated' || event.type === 'charge.refund.updated') await applyRefundUpdate(deps, event.data.object);
  try {
    await deps.stripeEvents.create({ _id: event.id, type: event.type, receivedAt: new Date() });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
}

async function applyPaymentIntent(deps: WebhooksDeps, intent: Stripe.PaymentIntent): Promise<void> {
  const payment = await deps.payments.findOne({ paymentIntentId: intent.id }).lean<PaymentDocument>();
  if (!payment) {
    deps.logger.warn({ paymentIntentId: intent.id }, 'webhook for a payment intent this service did not make; ignored');
    return;
  }
  switch (intent.status) {
    case 'succeeded':
      await recordSuccess(deps, payment, intent);
      return;
    case 'requires_action':
      await recordIntentState(deps, payment, 'requires_action');
      return;
    case 'processing':
      await recordIntentState(deps, payment, 'processing');
      return;
    case 'canceled':
      await recordIntentState(deps, payment, 'canceled');
      return;
    case 'requires_payment_method':
      if (intent.last_payment_error) await recordIntentState(deps, payment, 'failed', intent.last_payment_error.message ?? Messages.paymentConfirmationFailed);
      return;
    default:
      return;
  }
}

/**
 * A charge refunded in full, from Orders Management or Stripe's dashboard: the payment's refund is
 * recorded (once), with Stripe's refund id. The event's charge carries no refunds (Stripe's API
 * since 2022-11-15) and may be old news (a late delivery of a pending refund that failed since), so
 * the charge is read again. A partial refund is not ours to make.
 */
async function applyRefundedCharge(deps: WebhooksDeps, charge: Stripe.Charge): Promise<void> {
  const paymentIntentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  const payment = paymentIntentId ? await deps.payments.findOne({ paymentIntentId }).select({ _id: 1 }).lean<Pick<PaymentDocument, '_id'>>() : null;
  if (!payment) {
    deps.logger.warn({ chargeId: charge.id, paymentIntentId }, 'refund of a charge this service did not make; ignored');
    return;
  }
  if (!charge.refunded || !(await recordRefundOfCharge(deps, payment._id, charge.id))) {
    deps.logger.warn(
      { chargeId: charge.id, paymentId: payment._id, amountRefunded: charge.amount_refunded },
      'charge not refunded in full at Stripe (a partial refund, or a pending one that failed); the membership stays',
    );
  }
}

/** A refund's state changed at Stripe (a pending one went through, or failed): the payment follows it. */
async function applyRefundUpdate(deps: WebhooksDeps, refund: Stripe.Refund): Promise<void> {
  const paymentIntentId = typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
  const payment = paymentIntentId
    ? await deps.payments.findOne({ paymentIntentId }).select({ _id: 1, amount: 1 }).lean<Pick<PaymentDocument, '_id' | 'amount'>>()
    : null;
  if (!payment) {
    deps.logger.warn({ refundId: refund.id, paymentIntentId }, 'update of a refund of a payment this service did not make; ignored');
    return;
  }
  if (refund.status === 'succeeded' && refund.amount === payment.amount) await recordRefund(deps, payment._id, refund.id);
  else if (refund.status === 'failed' || refund.status === 'canceled') {
    deps.logger.warn({ refundId: refund.id, paymentId: payment._id, failureReason: refund.failure_reason }, 'refund failed at Stripe; the payment stands');
    await dropPendingRefund(deps, payment._id, refund.id);
  }
}
