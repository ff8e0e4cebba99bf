import request from 'supertest';
import Stripe from 'stripe';
import type { EventEnvelope } from '@altmed/contracts';
import type { RunningService } from '@altmed/service-kit';
import {
  createStripeTestAccount,
  eventually,
  listenForEvents,
  startServiceUnderTest,
  waitForOutboxDrained,
  withDatabase,
  type ServiceUnderTest,
  type StripeTestAccount,
} from '@altmed/local-stack/src/testing';
import { loadBillingConfig } from '../config';
import { startBillingService } from '../service';
import { createStripeClient } from '../stripe/stripe-client';

export interface TestBilling extends ServiceUnderTest<RunningService> {
  /** The file's own account on the run's Stripe emulator; its events are sent to this billing's webhook. */
  account: StripeTestAccount;
  /** The SDK on that account, as the browser's Stripe.js and the tests use it. */
  stripe: Stripe;
}

/**
 * A real svc-billing with its own database, trusting the given identity, on a Stripe account of
 * its own on the run's emulator (STRIPE_API_URL, made with `stripeAccount`'s options), which sends
 * it that account's webhooks (unless `webhooks` is false: a test then delivers them itself, late).
 */
export async function startTestBilling(
  identityUrl: string,
  env: Record<string, string> = {},
  { webhooks = true, ...stripeAccount }: Parameters<typeof createStripeTestAccount>[1] & { webhooks?: boolean } = {},
): Promise<TestBilling> {
  const account = await createStripeTestAccount(undefined, stripeAccount);
  const billing = await startServiceUnderTest({
    databasePrefix: 'billing',
    start: (serviceEnv) => startBillingService(loadBillingConfig(serviceEnv)),
    env: { IDENTITY_URL: identityUrl, ACCOUNT_STATUS_CACHE_SECONDS: '1', ...account.env, ...env },
  });
  if (webhooks) await account.sendWebhooksTo(`${billing.url}/payments/webhook`);
  return { ...billing, account, stripe: createStripeClient({ STRIPE_SECRET_KEY: account.secretKey, STRIPE_API_URL: account.apiUrl }) };
}

/** A second instance of `first`: the same database, Stripe account and queues, as `deploy/k8s` runs two. */
export async function startSecondBilling(first: TestBilling, identityUrl: string): Promise<TestBilling> {
  const second = await startServiceUnderTest({
    databasePrefix: 'billing',
    start: (serviceEnv) => startBillingService(loadBillingConfig(serviceEnv)),
    env: {
      IDENTITY_URL: identityUrl,
      ACCOUNT_STATUS_CACHE_SECONDS: '1',
      ...first.account.env,
      MONGO_DB: first.database,
      EVENT_QUEUE_SUFFIX: first.queueSuffix,
    },
  });
  return { ...second, account: first.account, stripe: first.stripe };
}

/** A payment_intent.* event as Stripe sends it, with its Stripe-Signature header. */
export function signedIntentEvent(secret: string, intent: Partial<Stripe.PaymentIntent> & { id: string }, type = 'payment_intent.succeeded') {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { object: 'payment_intent', currency: 'usd', ...intent } },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** The intent id of a client secret: the part before `_secret_`, as the browser sends it. */
export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

/** A card payment method made the way Stripe.js makes one in the browser. */
export async function cardPaymentMethod(stripe: Stripe, number = '4242424242424242'): Promise<string> {
  const method = await stripe.paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
    billing_details: { address: { country: 'US', postal_code: '90210' } },
  });
  return method.id;
}

/**
 * `member` starts paying a year as the join flow's first call does (`amount` in cents, with
 * `promoCode` if given); answers the intent's client secret.
 */
export async function startPayment(
  billing: TestBilling,
  member: { id: string; token: string },
  { amount = 11988, promoCode }: { amount?: number; promoCode?: string } = {},
): Promise<string> {
  const created = await request(billing.url)
    .post('/payments/create-payment-intent')
    .set('Authorization', `Bearer ${member.token}`)
    .send({ amount, userId: member.id, doctorId: null, ...(promoCode ? { promoCode } : {}) })
    .expect(200);
  return (created.body as { clientSecret: string }).clientSecret;
}

/**
 * `member` pays a year by card as the join flow does (`amount` in cents, with `promoCode` if given,
 * by Stripe's test card `cardNumber`); answers the payment's id and intent.
 */
export async function payByCard(
  billing: TestBilling,
  member: { id: string; token: string },
  { amount = 11988, promoCode, cardNumber }: { amount?: number; promoCode?: string; cardNumber?: string } = {},
): Promise<{ paymentId: string; paymentIntentId: string }> {
  const paymentIntentId = intentIdOf(await startPayment(billing, member, { amount, promoCode }));
  await request(billing.url)
    .post('/payments/confirm-payment')
    .set('Authorization', `Bearer ${member.token}`)
    .send({ paymentIntentId, paymentMethodId: await cardPaymentMethod(billing.stripe, cardNumber) })
    .expect(200);
  const [payment] = await paymentsOf(billing.database, member.id);
  return { paymentId: String(payment!._id), paymentIntentId };
}

export interface PaymentsListener {
  received: EventEnvelope[];
  /**
   * Waits until nothing more can come of what the test did: `billing` has handled every webhook the
   * Stripe emulator sends in the background about these intents (each is recorded in stripe_events),
   * the outboxes of `instances` are drained, and this listener has received every event of its type
   * they published. After it, `received` is all there will be. Start the listener before the
   * instances publish anything, as their counts run from their start.
   */
  settled: (instances: TestBilling[], paymentIntentIds?: string[]) => Promise<void>;
  close: () => Promise<void>;
}

/** Collects every event of one type (payment.succeeded unless told) published on the test file's exchange. */
export async function listenForPayments(
  type: 'payment.succeeded' | 'payment.refunded' | 'receipt.resend_requested' = 'payment.succeeded',
): Promise<PaymentsListener> {
  const { received, close } = await listenForEvents([type]);
  return {
    received,
    async settled(instances, paymentIntentIds = []) {
      if (paymentIntentIds.length > 0) await waitForStripeWebhooks(instances[0]!, paymentIntentIds);
      for (const instance of instances) await waitForOutboxDrained(instance);
      let published = 0;
      for (const instance of instances) published += await instance.service.metrics.eventsPublished(type);
      await eventually(() => received.length >= published, 10_000, `the listener did not receive every ${type} the instances published (${published})`, 20);
    },
    close,
  };
}

/** Waits until billing has handled (and recorded) every event the Stripe emulator made about these intents (their charges and refunds too); their webhooks go out in the background. */
async function waitForStripeWebhooks(billing: TestBilling, paymentIntentIds: string[]): Promise<void> {
  const intents = new Set(paymentIntentIds);
  // An intent's own events carry it; a charge's or a refund's name it.
  const intentOf = (event: Stripe.Event) => {
    const object = event.data.object as { id?: string; payment_intent?: string | null };
    return object.payment_intent ?? object.id ?? '';
  };
  const { data: latest, has_more: hasMore } = await billing.stripe.events.list({ limit: 100 });
  // Newest first: if the oldest listed is still about these intents, older ones may be missing from the list.
  if (hasMore && intents.has(intentOf(latest.at(-1)!))) throw new Error('these intents have more than 100 events: list them some other way');
  const eventIds = latest.filter((event) => intents.has(intentOf(event))).map((event) => event.id);
  await eventually(
    () =>
      withDatabase(
        billing.database,
        async (db) => (await db.collection('stripe_events').countDocuments({ _id: { $in: eventIds as never[] } })) === eventIds.length,
      ),
    20_000,
    `billing did not handle the ${eventIds.length} webhooks of ${paymentIntentIds.join(', ')}`,
    50,
  );
}

export function insertPromoCode(database: string, code: string, discountPercentage: number, extra: Record<string, unknown> = {}): Promise<void> {
  return withDatabase(database, async (db) => {
    await db.collection('promo_codes').insertOne({
      _id: `${code}-${discountPercentage}` as never,
      code,
      discountPercentage,
      expiresAt: null,
      isActive: true,
      createdAt: new Date(),
      updatedAt: new Date(),
      ...extra,
    });
  });
}

export function paymentsOf(database: string, userId: string) {
  return withDatabase(database, (db) => db.collection('payments').find({ userId }).toArray());
}

/**
 * Delivers the newest of the account's `type` events about `objectId` (a charge, a refund) to
 * billing's webhook, signed as Stripe signs it: a delivery that comes late, for a billing started
 * without webhooks.
 */
export async function deliverStripeEvent(billing: TestBilling, type: string, objectId: string): Promise<void> {
  const { data } = await billing.stripe.events.list({ type, limit: 100 });
  const event = data.find((candidate) => (candidate.data.object as { id?: string }).id === objectId);
  if (!event) throw new Error(`no ${type} event about ${objectId}`);
  const payload = JSON.stringify(event);
  await request(billing.url)
    .post('/payments/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: billing.account.webhookSecret }))
    .send(payload)
    .expect(200);
}
