import type Stripe from 'stripe';
import { Messages } from '@altmed/contracts';
import { badRequest, isDuplicateKeyError } from '@altmed/service-kit';
import type { PaymentDocument, StripeEventModel } from '../payments/payment.model';
import { recordIntentState, recordSuccess, type PaymentsDeps } from '../payments/payments.domain';

export interface WebhooksDeps extends PaymentsDeps {
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
