import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import {
  MEMBERSHIP_CURRENCY,
  membershipPriceCents,
  Messages,
  type AccessTokenClaims,
  type ConfirmPaymentRequest,
  type ConfirmPaymentResponse,
  type CreatePaymentIntentResponse,
} from '@altmed/contracts';
import {
  AppError,
  badRequest,
  conflict,
  createEvent,
  forbidden,
  notFound,
  outboxFieldsFor,
  withEvents,
  type Logger,
  isDuplicateKeyError,
} from '@altmed/service-kit';
import { findValidPromoCode, type PromoCodesDeps, type ValidPromoCode } from '../promo-codes/promo-codes.domain';
import { callStripe } from '../stripe/stripe-errors';
import { paymentChangedEvent } from './payment-changed.event';
import type { PaymentDocument, PaymentModel, PaymentStatus, PaymentSuccessModel } from './payment.model';

const SOURCE = 'svc-billing';

export interface PaymentsDeps extends PromoCodesDeps {
  payments: PaymentModel;
  successes: PaymentSuccessModel;
  stripe: Stripe;
  logger: Logger;
  /** Called after a write that carries events, so the relay publishes without waiting a poll. */
  onEventsWritten: () => void;
}

export interface PaymentIntentRequest {
  amount: number;
  userId: string;
  promoCode?: string | null;
}

/**
 * The caller's intent for a membership at the price the server computes. The same purchase asked
 * again (a double click, a reload, a retry after a network error) answers the same intent: the
 * open payment record is found by its purchase key, and the Stripe call's idempotency key is
 * derived from that record. Nothing to charge (a 100 % code) activates the membership at once.
 */
export async function createPaymentIntent(deps: PaymentsDeps, caller: AccessTokenClaims, request: PaymentIntentRequest): Promise<CreatePaymentIntentResponse> {
  const callerId = caller.sub;
  if (request.userId !== callerId) throw forbidden();
  const member = { name: caller.name, email: caller.email };
  const promo = request.promoCode ? await findValidPromoCode(deps, request.promoCode) : undefined;
  const amount = membershipPriceCents(promo?.discountPercentage);
  if (request.amount !== amount) throw badRequest(`${Messages.amountMismatch}: expected ${amount} cents`);
  if (amount === 0) return redeemFreeMembership(deps, callerId, member, promo!);

  const payment = await openPayment(deps, callerId, member, amount, promo);
  if (payment.clientSecret) return { clientSecret: payment.clientSecret };
  const intent = await callStripe(() =>
    deps.stripe.paymentIntents.create(
      {
        amount,
        currency: MEMBERSHIP_CURRENCY,
        // Cards only in practice: nothing that redirects away, so a server-side confirm needs no return_url.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        description: 'Annual membership',
        metadata: { paymentId: payment._id, userId: callerId, promoCode: promo?.code ?? '' },
      },
      { idempotencyKey: `payment-intent:${payment._id}:${callerId}:${amount}:${promo?.code ?? ''}` },
    ),
  );
  if (!intent.client_secret) throw new Error(`Stripe answered payment intent ${intent.id} without a client secret`);
  const opened = await deps.payments.updateOne(
    { _id: payment._id, status: 'creating' },
    withEvents<PaymentDocument>({ $set: { paymentIntentId: intent.id, clientSecret: intent.client_secret, status: 'open' satisfies PaymentStatus } }, [
      paymentChangedEvent([payment._id]),
    ]),
  );
  if (opened.modifiedCount === 1) deps.onEventsWritten();
  return { clientSecret: intent.client_secret };
}

type PaymentMember = NonNullable<PaymentDocument['member']>;

const openPurchaseKey = (userId: string, amount: number, promo?: ValidPromoCode) => `open:${userId}:${amount}:${promo?.code ?? ''}`;

/** The caller's open payment for this purchase, made if there is none. */
async function openPayment(deps: PaymentsDeps, userId: string, member: PaymentMember, amount: number, promo?: ValidPromoCode): Promise<PaymentDocument> {
  const purchaseKey = openPurchaseKey(userId, amount, promo);
  const existing = await deps.payments.findOne({ purchaseKey }).lean<PaymentDocument>();
  if (existing) return existing;
  try {
    const created = await deps.payments.create({
      _id: randomUUID(),
      purchaseKey,
      userId,
      member,
      amount,
      currency: MEMBERSHIP_CURRENCY,
      promoCode: promo?.code ?? null,
      discountPercentage: promo?.discountPercentage ?? 0,
      status: 'creating',
    });
    return created.toObject();
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    // A concurrent request made it first: use that one (its Stripe call has the same idempotency key).
    const winner = await deps.payments.findOne({ purchaseKey }).lean<PaymentDocument>();
    if (!winner) throw conflict('The payment changed meanwhile; please try again');
    return winner;
  }
}

/**
 * A 100 % code: the payment succeeds at once, without Stripe. One free year per user and code:
 * asking again answers the same confirmation and activates nothing more.
 */
async function redeemFreeMembership(deps: PaymentsDeps, userId: string, member: PaymentMember, promo: ValidPromoCode): Promise<CreatePaymentIntentResponse> {
  const id = randomUUID();
  const paidAt = new Date();
  const event = createEvent(
    'payment.succeeded',
    { paymentId: id, userId, amount: 0, currency: MEMBERSHIP_CURRENCY, promoCode: promo.code, paymentIntentId: null, paidAt: paidAt.toISOString() },
    SOURCE,
  );
  try {
    await deps.payments.create({
      _id: id,
      purchaseKey: `free:${userId}:${promo.code}`,
      userId,
      member,
      amount: 0,
      currency: MEMBERSHIP_CURRENCY,
      promoCode: promo.code,
      discountPercentage: promo.discountPercentage,
      status: 'succeeded',
      paidAt,
      ...outboxFieldsFor([event, paymentChangedEvent([id])]),
    });
    deps.onEventsWritten();
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  return { clientSecret: null, message: Messages.paymentConfirmed };
}

const confirmed: ConfirmPaymentResponse = { message: Messages.paymentConfirmed, requiresAction: false };

/**
 * Confirms the caller's own intent with the card the browser made. Asked again after the
 * customer's authentication (3-D Secure), it reads the intent's outcome instead of confirming twice.
 */
export async function confirmPayment(deps: PaymentsDeps, callerId: string, request: ConfirmPaymentRequest): Promise<ConfirmPaymentResponse> {
  const payment = await deps.payments.findOne({ paymentIntentId: request.paymentIntentId }).lean<PaymentDocument>();
  if (!payment) throw notFound(Messages.paymentNotFound);
  if (payment.userId !== callerId) throw forbidden();
  if (payment.status === 'succeeded' || payment.status === 'refunded' || (await deps.successes.exists({ _id: payment._id }))) return confirmed;

  let intent = await callStripe(() => deps.stripe.paymentIntents.retrieve(request.paymentIntentId));
  const failedBefore = intent.last_payment_error?.payment_method?.id === request.paymentMethodId;
  // This card already failed on this intent (a refused card, a failed authentication): its answer stands.
  if (intent.status === 'requires_payment_method' && failedBefore) return answerFor(deps, payment, intent);
  if (intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation') {
    try {
      intent = await callStripe(() =>
        deps.stripe.paymentIntents.confirm(
          request.paymentIntentId,
          { payment_method: request.paymentMethodId },
          { idempotencyKey: `payment-intent-confirm:${request.paymentIntentId}:${request.paymentMethodId}` },
        ),
      );
    } catch (err) {
      if (err instanceof AppError && err.status === 402) await recordIntentState(deps, payment, 'failed', err.message);
      throw err;
    }
  }
  return answerFor(deps, payment, intent);
}

async function answerFor(deps: PaymentsDeps, payment: PaymentDocument, intent: Stripe.PaymentIntent): Promise<ConfirmPaymentResponse> {
  switch (intent.status) {
    case 'succeeded':
      await recordSuccess(deps, payment, intent);
      return confirmed;
    case 'requires_action':
      await recordIntentState(deps, payment, 'requires_action');
      return { message: Messages.paymentRequiresAction, requiresAction: true, clientSecret: intent.client_secret ?? undefined };
    case 'processing':
      await recordIntentState(deps, payment, 'processing');
      return { message: 'Payment is processing', requiresAction: false };
    default: {
      const message = intent.last_payment_error?.message ?? Messages.paymentConfirmationFailed;
      await recordIntentState(deps, payment, 'failed', message);
      throw new AppError(402, message);
    }
  }
}

/**
 * Records the payment's success and its payment.succeeded event exactly once, however many
 * recorders (the confirm call, the webhook and its copies) arrive at the same moment: the event
 * rides on the insert of the payment's success document, which only one of them can make. The
 * first recorder to get there marks the payment record succeeded, with the success's paid-at.
 */
export async function recordSuccess(deps: PaymentsDeps, payment: PaymentDocument, intent: Stripe.PaymentIntent): Promise<boolean> {
  if (intent.amount !== payment.amount || intent.currency !== payment.currency) {
    deps.logger.error({ paymentId: payment._id, paymentIntentId: intent.id }, 'payment intent amount differs from the payment record');
    throw new Error(`Payment intent ${intent.id} does not match payment ${payment._id}`);
  }
  const paidAt = new Date();
  const event = createEvent(
    'payment.succeeded',
    {
      paymentId: payment._id,
      userId: payment.userId,
      amount: payment.amount,
      currency: payment.currency,
      promoCode: payment.promoCode,
      paymentIntentId: intent.id,
      paidAt: paidAt.toISOString(),
    },
    SOURCE,
  );
  let recorded = true;
  try {
    await deps.successes.create({ _id: payment._id, paymentIntentId: intent.id, paidAt, ...outboxFieldsFor([event]) });
    deps.onEventsWritten();
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    recorded = false;
  }
  const success = await deps.successes.findById(payment._id).select({ paidAt: 1 }).lean<{ paidAt: Date }>();
  await markSucceeded(deps, payment._id, success?.paidAt ?? paidAt);
  return recorded;
}

/**
 * Records a state short of success; never undoes a success (events arrive in any order). The
 * success document is the truth: a success recorded while this update ran is written back.
 */
export async function recordIntentState(deps: PaymentsDeps, payment: PaymentDocument, status: Exclude<PaymentStatus, 'succeeded'>, lastError?: string) {
  const closes = status === 'canceled' ? { purchaseKey: `closed:${payment._id}` } : {};
  const recorded = await deps.payments.updateOne(
    { _id: payment._id, status: { $nin: ['succeeded', 'refunded'] } },
    withEvents<PaymentDocument>({ $set: { status, ...closes, ...(lastError ? { lastError } : {}) }, ...(lastError ? {} : { $unset: { lastError: 1 } }) }, [
      paymentChangedEvent([payment._id]),
    ]),
  );
  if (recorded.modifiedCount === 1) deps.onEventsWritten();
  const success = await deps.successes.findById(payment._id).select({ paidAt: 1 }).lean<{ paidAt: Date }>();
  if (success) await markSucceeded(deps, payment._id, success.paidAt);
}

/** The payment record says succeeded, with the success's paid-at; once marked (or refunded since), left alone, not even updatedAt. */
async function markSucceeded(deps: PaymentsDeps, paymentId: string, paidAt: Date): Promise<void> {
  const marked = await deps.payments.updateOne(
    { _id: paymentId, status: { $nin: ['succeeded', 'refunded'] } },
    withEvents<PaymentDocument>({ $set: { status: 'succeeded', paidAt, purchaseKey: `closed:${paymentId}` }, $unset: { lastError: 1 } }, [
      paymentChangedEvent([paymentId]),
    ]),
  );
  if (marked.modifiedCount === 1) deps.onEventsWritten();
}
