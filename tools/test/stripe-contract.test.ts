import Stripe from 'stripe';
import { startStripeEmulatorServer, type StripeEmulator } from '@altmed/stripe-emulator';
import { startStripeMock, type RunningStripeMock } from '../src/stripe-mock';

/*
 * stripe-mock validates every request against Stripe's OpenAPI specification. The calls the
 * product makes go to it and to the emulator: both must take them and answer objects of the same
 * kind, the emulator with no field Stripe's answer lacks; and what stripe-mock refuses, the
 * emulator refuses too.
 */

const firstBuildOfStripeMock = 5 * 60_000;
/** Fields of Stripe's specification that stripe-mock's fixed answers leave out: a new endpoint's signing secret comes only at creation. */
const absentFromFixtures: Record<string, string[]> = { webhook_endpoint: ['secret'] };
const productCallCount = 16;
const client = (key: string, port: number) => new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });

type Answer = { object?: string } & Record<string, unknown>;
type Outcome = { ok: true; answer: Answer } | { ok: false; status: number | undefined; type: string };

async function outcomeOf(call: Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, answer: (await call) as Answer };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    return { ok: false, status: error.statusCode, type: error.type };
  }
}

/** The product's calls, in the order a join (and a refund of it) makes them: the ids come from the server's own answers. */
async function productCalls(stripe: Stripe): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const run = async (name: string, call: () => Promise<unknown>) => {
    const outcome = await outcomeOf(call());
    outcomes.set(name, outcome);
    return outcome.ok ? outcome.answer : {};
  };
  const intent = await run('create an intent with metadata and an idempotency key', () =>
    stripe.paymentIntents.create(
      {
        amount: 11988,
        currency: 'usd',
        allowed_payment_method_types: ['card'],
        metadata: { userId: 'user-1', doctorId: 'doctor-1', promoCode: 'HALF50' },
        description: 'AltMed membership, 1 year',
        receipt_email: 'member@example.com',
      },
      { idempotencyKey: `create-${Date.now()}` },
    ),
  );
  const withoutRedirects = await run('create an intent with automatic payment methods that never redirect', () =>
    stripe.paymentIntents.create({ amount: 5994, currency: 'usd', automatic_payment_methods: { enabled: true, allow_redirects: 'never' } }),
  );
  await run('retrieve an intent', () => stripe.paymentIntents.retrieve(String(intent.id)));
  await run('update an intent', () =>
    stripe.paymentIntents.update(String(intent.id), { amount: 5994, metadata: { promoCode: '' } }, { idempotencyKey: `update-${Date.now()}` }),
  );
  const method = await run('create a card payment method', () =>
    stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
      billing_details: { name: 'Test Member', email: 'member@example.com' },
    }),
  );
  await run('retrieve a payment method', () => stripe.paymentMethods.retrieve(String(method.id)));
  await run('confirm an intent with a payment method', () =>
    stripe.paymentIntents.confirm(String(intent.id), { payment_method: String(method.id) }, { idempotencyKey: `confirm-${Date.now()}` }),
  );
  const refund = await run('refund part of a paid intent with a reason and an idempotency key', () =>
    stripe.refunds.create(
      { payment_intent: String(intent.id), amount: 1000, reason: 'requested_by_customer', metadata: { ticket: 'T-1' } },
      { idempotencyKey: `refund-${Date.now()}` },
    ),
  );
  await run('retrieve a refund', () => stripe.refunds.retrieve(String(refund.id)));
  await run('retrieve a charge', () => stripe.charges.retrieve(String(refund.charge)));
  await run('retrieve a charge with its refunds expanded', () => stripe.charges.retrieve(String(refund.charge), { expand: ['refunds'] }));
  await run('confirm with a return URL', () =>
    stripe.paymentIntents.confirm(String(withoutRedirects.id), { payment_method: 'pm_card_visa', return_url: 'https://altmed.example/join/done' }),
  );
  const other = await stripe.paymentIntents.create({ amount: 11988, currency: 'usd', allowed_payment_method_types: ['card'] });
  await run('cancel an intent', () => stripe.paymentIntents.cancel(other.id, { cancellation_reason: 'abandoned' }));
  await run('create a webhook endpoint', () =>
    stripe.webhookEndpoints.create({
      url: 'http://127.0.0.1:9/payments/webhook',
      enabled_events: ['payment_intent.succeeded', 'payment_intent.payment_failed'],
    }),
  );
  const events = await run('list events of a type', () => stripe.events.list({ type: 'payment_intent.succeeded', limit: 1 }));
  const [event] = (events.data as { id: string }[] | undefined) ?? [];
  await run('retrieve an event', () => stripe.events.retrieve(event?.id ?? 'evt_none'));
  return outcomes;
}

/** Requests Stripe refuses. */
const refusedCalls: [string, (stripe: Stripe) => Promise<unknown>][] = [
  ['an unknown parameter', (stripe) => stripe.paymentIntents.create({ amount: 11988, currency: 'usd', colour: 'red' } as Stripe.PaymentIntentCreateParams)],
  ['a missing amount', (stripe) => stripe.paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams)],
  [
    'an amount that is not a number',
    (stripe) => stripe.paymentIntents.create({ amount: 'abc', currency: 'usd' } as unknown as Stripe.PaymentIntentCreateParams),
  ],
  [
    'metadata that is not a hash',
    (stripe) => stripe.paymentIntents.create({ amount: 11988, currency: 'usd', metadata: 'x' } as unknown as Stripe.PaymentIntentCreateParams),
  ],
  ['an unknown capture method', (stripe) => stripe.paymentIntents.create({ amount: 11988, currency: 'usd', capture_method: 'later' })],
  ['an unknown cancellation reason', (stripe) => stripe.paymentIntents.cancel('pi_123', { cancellation_reason: 'bored' })],
  ['an unknown refund reason', (stripe) => stripe.refunds.create({ payment_intent: 'pi_123', reason: 'bored' })],
  [
    'a refund amount that is not a number',
    (stripe) => stripe.refunds.create({ payment_intent: 'pi_123', amount: 'all' } as unknown as Stripe.RefundCreateParams),
  ],
  ['a webhook endpoint without events', (stripe) => stripe.webhookEndpoints.create({ url: 'http://127.0.0.1:9/hook' } as Stripe.WebhookEndpointCreateParams)],
  ['an unknown route', (stripe) => stripe.rawRequest('GET', '/v1/foo_bars', {})],
];

describe('the emulator against Stripe’s contract (stripe-mock)', () => {
  let mock: RunningStripeMock;
  let emulator: StripeEmulator;
  let mockAnswers: Map<string, Outcome>;
  let emulatorAnswers: Map<string, Outcome>;

  beforeAll(async () => {
    mock = await startStripeMock();
    emulator = await startStripeEmulatorServer({ webhookRetry: { attempts: 1, firstDelayMs: 0 } });
    mockAnswers = await productCalls(client('sk_test_123', mock.port));
    emulatorAnswers = await productCalls(client(emulator.keys.secretKey, emulator.port));
  }, firstBuildOfStripeMock);

  afterAll(async () => {
    await mock?.stop();
    await emulator?.stop();
  });

  it('runs every call of the product on both', () => {
    expect([...emulatorAnswers.keys()]).toEqual([...mockAnswers.keys()]);
    expect(mockAnswers.size).toBe(productCallCount);
  });

  it.each([...Array(productCallCount).keys()])('call %i: both take it and answer the same kind of object, the emulator with Stripe’s fields only', (index) => {
    const name = [...mockAnswers.keys()][index]!;
    const fromMock = mockAnswers.get(name)!;
    const fromEmulator = emulatorAnswers.get(name)!;
    expect({ name, ok: fromMock.ok }).toEqual({ name, ok: true });
    expect({ name, ok: fromEmulator.ok }).toEqual({ name, ok: true });
    if (!fromMock.ok || !fromEmulator.ok) return;
    expect(fromEmulator.answer.object).toBe(fromMock.answer.object);
    const known = absentFromFixtures[String(fromMock.answer.object)] ?? [];
    const invented = Object.keys(fromEmulator.answer).filter((key) => key !== 'lastResponse' && !(key in fromMock.answer) && !known.includes(key));
    expect({ name, invented }).toEqual({ name, invented: [] });
    for (const [key, value] of Object.entries(fromEmulator.answer)) {
      const stripeValue = fromMock.answer[key];
      if (value !== null && stripeValue !== null && stripeValue !== undefined)
        expect({ name, key, type: typeof value }).toEqual({ name, key, type: typeof stripeValue });
    }
  });

  it.each(refusedCalls)('refuses %s as stripe-mock does', async (_name, call) => {
    const fromMock = await outcomeOf(call(client('sk_test_123', mock.port)));
    const fromEmulator = await outcomeOf(call(client(emulator.keys.secretKey, emulator.port)));
    expect(fromMock.ok).toBe(false);
    expect(fromEmulator).toEqual(fromMock);
  });

  it('refuses a publishable key where a secret key is needed, as stripe-mock does', async () => {
    const fromMock = await outcomeOf(client('pk_test_123', mock.port).paymentIntents.create({ amount: 11988, currency: 'usd' }));
    const fromEmulator = await outcomeOf(client(emulator.keys.publishableKey, emulator.port).paymentIntents.create({ amount: 11988, currency: 'usd' }));
    expect(fromMock).toMatchObject({ ok: false, status: 401 });
    expect(fromEmulator).toEqual(fromMock);
  });
});
