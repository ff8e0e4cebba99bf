import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { eventually } from '../src/net';
import { createStripeTestAccount, startStripeEmulatorServer, type StripeEmulator, type StripeTestAccount } from '@altmed/stripe-emulator';

interface Received {
  body: string;
  signature: string;
}

/** A webhook endpoint that records what it is sent and answers 200, or what `statusFor` says. */
async function startReceiver(statusFor: (body: string) => number = () => 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['stripe-signature']) });
      res.writeHead(statusFor(body)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/webhook`;
  const stop = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, received, stop };
}

/** The error a call rejects with (the SDK's StripeError subclasses). */
async function failureOf(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const outcome = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Stripe.errors.StripeError)) throw new Error(`expected a StripeError, got ${String(outcome)}`);
  return outcome;
}

const clientFor = (emulator: StripeEmulator, key: string) =>
  new Stripe(key, { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0 });
const card = (number: string) => ({ type: 'card' as const, card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' } });

describe('the Stripe emulator', () => {
  let emulator: StripeEmulator;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let account: StripeTestAccount;
  let stripe: Stripe;
  const verifier = new Stripe('sk_test_unused');

  beforeAll(async () => {
    receiver = await startReceiver();
    emulator = await startStripeEmulatorServer({ webhookRetry: { attempts: 3, firstDelayMs: 50 } });
    account = await createStripeTestAccount(emulator.url);
    await account.sendWebhooksTo(receiver.url);
    stripe = clientFor(emulator, account.secretKey);
  });

  afterAll(async () => {
    await emulator?.stop();
    await receiver?.stop();
  });

  const newIntent = (extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
    stripe.paymentIntents.create({ amount: 11988, currency: 'usd', allowed_payment_method_types: ['card'], metadata: { userId: 'u1' }, ...extra });

  async function paidWith(number: string) {
    const intent = await newIntent();
    const method = await stripe.paymentMethods.create(card(number));
    return { intent, method, confirmed: stripe.paymentIntents.confirm(intent.id, { payment_method: method.id }) };
  }

  /** The events of one object (an intent, a charge, a refund) the receiver got, checked against their signature with the SDK. */
  const eventsOf = (objectId: string) =>
    receiver.received
      .map(({ body, signature }) => verifier.webhooks.constructEvent(body, signature, account.webhookSecret))
      .filter((event) => (event.data.object as { id?: string }).id === objectId);

  /** A paid intent and the id of its charge. */
  async function paidIntent() {
    const intent = await newIntent({ confirm: true, payment_method: 'pm_card_visa' });
    const chargeId = typeof intent.latest_charge === 'string' ? intent.latest_charge : '';
    expect(intent.status).toBe('succeeded');
    expect(chargeId).toMatch(/^ch_\w+$/);
    return { intent, chargeId };
  }

  it('creates an intent with Stripe’s shape, a client secret and the metadata', async () => {
    const intent = await newIntent({ description: 'Membership', receipt_email: 'member@example.com' });
    expect(intent).toMatchObject({
      object: 'payment_intent',
      amount: 11988,
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: { userId: 'u1' },
      description: 'Membership',
      receipt_email: 'member@example.com',
      livemode: false,
      allowed_payment_method_types: ['card'],
      payment_method_types: ['card'],
      last_payment_error: null,
      next_action: null,
    });
    expect(intent.id).toMatch(/^pi_\w+$/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_\\w+$`));
    expect(await stripe.paymentIntents.retrieve(intent.id)).toEqual(intent);
  });

  it('refuses a call without a key or with an unknown one, with Stripe’s 401 error', async () => {
    const anonymous = await fetch(`${emulator.url}/v1/payment_intents`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const { error } = (await anonymous.json()) as { error: { type: string; message: string } };
    expect(error.type).toBe('invalid_request_error');
    expect(error.message).toMatch(/^You did not provide an API key/);
    const unknownKey = await failureOf(clientFor(emulator, 'sk_test_unknownKey123456').paymentIntents.create({ amount: 11988, currency: 'usd' }));
    expect(unknownKey).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    expect(unknownKey.message).toMatch(/^Invalid API Key provided: sk_test_/);
  });

  it('keeps the objects of one account from another', async () => {
    const intent = await newIntent();
    const other = await createStripeTestAccount(emulator.url);
    await expect(clientFor(emulator, other.secretKey).paymentIntents.retrieve(intent.id)).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: `No such payment_intent: '${intent.id}'`,
    });
  });

  it('answers the same key with the same parameters with the first answer, and refuses other parameters under that key', async () => {
    const key = `create-intent-${Date.now()}`;
    const first = await newIntent({ metadata: { userId: 'u2' } }).then(() =>
      stripe.paymentIntents.create({ amount: 11988, currency: 'usd', allowed_payment_method_types: ['card'] }, { idempotencyKey: key }),
    );
    const again = await stripe.paymentIntents.create({ amount: 11988, currency: 'usd', allowed_payment_method_types: ['card'] }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const changed = await failureOf(
      stripe.paymentIntents.create({ amount: 5994, currency: 'usd', allowed_payment_method_types: ['card'] }, { idempotencyKey: key }),
    );
    expect(changed).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    expect(changed.message).toMatch(/^Keys for idempotent requests can only be used with the same parameters/);
  });

  it('refuses unknown and missing parameters, and an unknown route, as Stripe does', async () => {
    await expect(stripe.paymentIntents.create({ amount: 11988, currency: 'usd', colour: 'red' } as Stripe.PaymentIntentCreateParams)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'parameter_unknown',
      param: 'colour',
      message: 'Received unknown parameter: colour',
    });
    await expect(stripe.paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams)).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'amount',
    });
    await expect(
      stripe.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, pin: '1' } } as never),
    ).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'card[pin]',
    });
    const unknown = await fetch(`${emulator.url}/v1/charges`, { headers: { authorization: `Bearer ${account.secretKey}` } });
    expect(unknown.status).toBe(404);
    const { error } = (await unknown.json()) as { error: { type: string; message: string } };
    expect(error.type).toBe('invalid_request_error');
    expect(error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/charges\)/);
  });

  it('takes a payment with 4242 4242 4242 4242 and sends payment_intent.succeeded, signed with the whsec_ secret', async () => {
    const { intent, method, confirmed } = await paidWith('4242 4242 4242 4242');
    expect(method).toMatchObject({ object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12 } });
    expect(method.id).toMatch(/^pm_\w+$/);
    expect(await confirmed).toMatchObject({ id: intent.id, status: 'succeeded', amount_received: 11988, payment_method: method.id });
    const events = await eventually(() => {
      const found = eventsOf(intent.id);
      return found.some((event) => event.type === 'payment_intent.succeeded') ? found : undefined;
    });
    const succeeded = events.find((event) => event.type === 'payment_intent.succeeded')!;
    expect(succeeded.api_version).toBe(Stripe.API_VERSION);
    expect(succeeded).toMatchObject({ object: 'event', livemode: false, data: { object: { id: intent.id, status: 'succeeded', metadata: { userId: 'u1' } } } });
    expect(succeeded.id).toMatch(/^evt_\w+$/);
    expect(await stripe.events.retrieve(succeeded.id)).toMatchObject({ id: succeeded.id, type: 'payment_intent.succeeded' });
  });

  it('signs so that a wrong secret fails the SDK’s check', async () => {
    const { intent, confirmed } = await paidWith('4242424242424242');
    await confirmed;
    const delivered = await eventually(() => receiver.received.find(({ body }) => body.includes(intent.id)));
    expect(() => verifier.webhooks.constructEvent(delivered.body, delivered.signature, 'whsec_wrong')).toThrow(/No signatures found matching/);
  });

  it.each([
    ['4000 0000 0000 0002', 'generic_decline', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('declines %s with card_declined / %s and sends payment_intent.payment_failed', async (number, declineCode, message) => {
    const { intent, confirmed } = await paidWith(number);
    await expect(confirmed).rejects.toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'card_declined',
      decline_code: declineCode,
      message,
      payment_intent: { id: intent.id, status: 'requires_payment_method', last_payment_error: { code: 'card_declined', decline_code: declineCode } },
    });
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'requires_payment_method', payment_method: null, amount_received: 0 });
    await eventually(() => eventsOf(intent.id).some((event) => event.type === 'payment_intent.payment_failed'));
  });

  it('asks for 3-D Secure with 4000 0025 0000 3155; completing it succeeds', async () => {
    const { intent, confirmed } = await paidWith('4000002500003155');
    const pending = await confirmed;
    expect(pending).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    await eventually(() => eventsOf(intent.id).some((event) => event.type === 'payment_intent.requires_action'));
    const completed = await authenticate(intent, 'complete');
    expect(completed).toMatchObject({ status: 'succeeded', amount_received: 11988 });
    await eventually(() => eventsOf(intent.id).some((event) => event.type === 'payment_intent.succeeded'));
  });

  it('leaves the intent waiting for a payment method when the cardholder fails 3-D Secure', async () => {
    const { intent, confirmed } = await paidWith('4000002500003155');
    await confirmed;
    expect(await authenticate(intent, 'fail')).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: { code: 'payment_intent_authentication_failure', type: 'invalid_request_error' },
    });
    await eventually(() => eventsOf(intent.id).some((event) => event.type === 'payment_intent.payment_failed'));
  });

  it('sends the cardholder to a challenge page and back to the return URL when one is given', async () => {
    const intent = await newIntent({ payment_method: 'pm_card_authenticationRequired' });
    expect(intent.status).toBe('requires_confirmation');
    const pending = await stripe.paymentIntents.confirm(intent.id, { return_url: 'https://site.example/join/done' });
    expect(pending.next_action).toMatchObject({ type: 'redirect_to_url', redirect_to_url: { return_url: 'https://site.example/join/done' } });
    const page = await fetch(pending.next_action!.redirect_to_url!.url!);
    expect(await page.text()).toMatch(/<button[^>]*value="complete">Complete<\/button>[\s\S]*value="fail">Fail</);
    const back = await fetch(`${emulator.url}/emulator/3ds/${intent.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: intent.client_secret!, return_url: 'https://site.example/join/done', result: 'complete' }).toString(),
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(
      `https://site.example/join/done?payment_intent=${intent.id}&payment_intent_client_secret=${encodeURIComponent(intent.client_secret!)}&redirect_status=succeeded`,
    );
  });

  it('takes Stripe’s test payment method ids such as pm_card_visa', async () => {
    const intent = await newIntent();
    const paid = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa', expand: ['payment_method'] });
    expect(paid).toMatchObject({ status: 'succeeded', payment_method: { object: 'payment_method', card: { last4: '4242' } } });
  });

  it('updates an intent while it waits, and refuses to change the amount once it succeeded', async () => {
    const intent = await newIntent();
    const updated = await stripe.paymentIntents.update(intent.id, { amount: 5994, metadata: { promoCode: 'HALF', userId: '' } });
    expect(updated).toMatchObject({ amount: 5994, metadata: { promoCode: 'HALF' } });
    expect(updated.metadata).not.toHaveProperty('userId');
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    await expect(stripe.paymentIntents.update(intent.id, { amount: 100 })).rejects.toMatchObject({ code: 'payment_intent_unexpected_state', param: 'amount' });
    await expect(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('cancels an intent that has not been paid', async () => {
    const intent = await newIntent();
    expect(await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' })).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
  });

  it('wants a return_url for a server-side confirm of an intent with automatic payment methods, as Stripe does', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 11988, currency: 'usd' });
    expect(intent.automatic_payment_methods).toEqual({ enabled: true, allow_redirects: 'always' });
    const withoutReturnUrl = await failureOf(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }));
    expect(withoutReturnUrl.message).toMatch(/you must provide a `return_url`/);
    const noRedirects = await stripe.paymentIntents.create({
      amount: 11988,
      currency: 'usd',
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    expect(await stripe.paymentIntents.confirm(noRedirects.id, { payment_method: 'pm_card_visa' })).toMatchObject({ status: 'succeeded' });
  });

  it('lets the publishable key create payment methods and confirm with the client secret, and nothing else', async () => {
    const intent = await newIntent();
    const browser = clientFor(emulator, account.publishableKey);
    await expect(browser.paymentIntents.create({ amount: 11988, currency: 'usd' })).rejects.toMatchObject({ statusCode: 401 });
    await expect(browser.paymentIntents.retrieve(intent.id)).rejects.toMatchObject({ statusCode: 401 });
    const method = await browser.paymentMethods.create(card('4242424242424242'));
    await expect(browser.paymentIntents.confirm(intent.id, { payment_method: method.id, client_secret: 'pi_x_secret_wrong' } as never)).rejects.toMatchObject({
      param: 'client_secret',
    });
    expect(await browser.paymentIntents.confirm(intent.id, { payment_method: method.id, client_secret: intent.client_secret } as never)).toMatchObject({
      status: 'succeeded',
    });
  });

  it('retries a webhook the endpoint did not take, and resends a stored event on request', async () => {
    const refusals = [500, 503];
    const flaky = await startReceiver((body) => (body.includes('"payment_intent.succeeded"') ? (refusals.shift() ?? 200) : 200));
    try {
      const other = await createStripeTestAccount(emulator.url);
      await other.sendWebhooksTo(flaky.url);
      const client = clientFor(emulator, other.secretKey);
      const intent = await client.paymentIntents.create({
        amount: 11988,
        currency: 'usd',
        allowed_payment_method_types: ['card'],
        confirm: true,
        payment_method: 'pm_card_visa',
      });
      expect(intent.status).toBe('succeeded');
      const succeeded = () => flaky.received.filter(({ body }) => body.includes('"payment_intent.succeeded"'));
      await eventually(() => succeeded().length === 3);
      const [event] = (await client.events.list({ type: 'payment_intent.succeeded' })).data;
      expect(event?.data.object).toMatchObject({ id: intent.id });
      expect(await other.resendEvent(event!.id)).toEqual([{ url: flaky.url, status: 200 }]);
      expect(succeeded()).toHaveLength(4);
      expect(new Set(succeeded().map(({ body }) => (JSON.parse(body) as { id: string }).id))).toEqual(new Set([event!.id]));
    } finally {
      await flaky.stop();
    }
  });

  it('keeps the charge of a paid intent with Stripe’s shape, without its refunds unless expanded', async () => {
    const { intent, chargeId } = await paidIntent();
    const charge = await stripe.charges.retrieve(chargeId);
    expect(charge).toMatchObject({
      object: 'charge',
      amount: 11988,
      amount_captured: 11988,
      amount_refunded: 0,
      captured: true,
      paid: true,
      refunded: false,
      status: 'succeeded',
      currency: 'usd',
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      metadata: { userId: 'u1' },
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
      outcome: { type: 'authorized', network_status: 'approved_by_network' },
    });
    expect(charge).not.toHaveProperty('refunds');
    expect((await stripe.charges.retrieve(chargeId, { expand: ['refunds'] })).refunds).toMatchObject({ object: 'list', data: [], has_more: false });
    await expect(stripe.charges.retrieve('ch_unknown')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such charge: 'ch_unknown'",
    });
  });

  it('keeps the failed charge of a declined card', async () => {
    const { intent, confirmed } = await paidWith('4000000000000002');
    const declined = await failureOf(confirmed);
    expect(declined.charge).toBe((await stripe.paymentIntents.retrieve(intent.id)).latest_charge);
    expect(await stripe.charges.retrieve(declined.charge!)).toMatchObject({
      status: 'failed',
      paid: false,
      captured: false,
      amount_captured: 0,
      failure_code: 'card_declined',
      failure_message: 'Your card was declined.',
      outcome: { type: 'issuer_declined', reason: 'generic_decline' },
    });
  });

  it('refunds a paid intent in full by payment_intent, and refuses a second full refund', async () => {
    const { intent, chargeId } = await paidIntent();
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 11988,
      currency: 'usd',
      charge: chargeId,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      reason: null,
      status: 'succeeded',
      metadata: {},
    });
    expect(refund.id).toMatch(/^re_\w+$/);
    expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({ amount_refunded: 11988, refunded: true });
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded', amount_received: 11988 });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'charge_already_refunded',
      message: `Charge ${chargeId} has already been refunded.`,
    });
  });

  it('refunds by charge a part and then the rest, refusing more than is left', async () => {
    const { chargeId } = await paidIntent();
    await expect(stripe.refunds.create({ charge: chargeId, amount: 20000 })).rejects.toMatchObject({
      param: 'amount',
      message: 'Refund amount ($200.00) is greater than charge amount ($119.88)',
    });
    const part = await stripe.refunds.create({ charge: chargeId, amount: 5000, reason: 'requested_by_customer', metadata: { ticket: 'T-1' } });
    expect(part).toMatchObject({ amount: 5000, charge: chargeId, reason: 'requested_by_customer', metadata: { ticket: 'T-1' } });
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({ amount_refunded: 5000, refunded: false });
    await expect(stripe.refunds.create({ charge: chargeId, amount: 7000 })).rejects.toMatchObject({
      param: 'amount',
      message: 'Refund amount ($70.00) is greater than unrefunded amount on charge ($69.88)',
    });
    const rest = await stripe.refunds.create({ charge: chargeId });
    expect(rest.amount).toBe(6988);
    const charge = await stripe.charges.retrieve(chargeId, { expand: ['refunds'] });
    expect(charge).toMatchObject({ amount_refunded: 11988, refunded: true });
    expect(charge.refunds?.data.map((refund) => refund.id)).toEqual([rest.id, part.id]);
    await expect(stripe.refunds.create({ charge: chargeId, amount: 1 })).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });

  it('refuses to refund an intent without a successful charge, and a refund naming neither or both of intent and charge', async () => {
    const unpaid = await newIntent();
    await expect(stripe.refunds.create({ payment_intent: unpaid.id })).rejects.toMatchObject({
      statusCode: 400,
      message: `This PaymentIntent (${unpaid.id}) does not have a successful charge to refund.`,
    });
    const { intent: declinedIntent, confirmed } = await paidWith('4000000000009995');
    const declined = await failureOf(confirmed);
    await expect(stripe.refunds.create({ charge: declined.charge! })).rejects.toMatchObject({
      message: `This PaymentIntent (${declinedIntent.id}) does not have a successful charge to refund.`,
    });
    await expect(stripe.refunds.create({})).rejects.toMatchObject({
      statusCode: 400,
      message: 'One of the following params should be provided for this request: payment_intent or charge.',
    });
    const { intent, chargeId } = await paidIntent();
    await expect(stripe.refunds.create({ payment_intent: intent.id, charge: chargeId })).rejects.toMatchObject({ statusCode: 400, param: 'charge' });
    await expect(stripe.refunds.create({ payment_intent: 'pi_unknown' })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'payment_intent',
    });
    await expect(stripe.refunds.create({ charge: chargeId, amount: 0 })).rejects.toMatchObject({ code: 'parameter_invalid_integer', param: 'amount' });
    await expect(stripe.refunds.create({ charge: chargeId, reason: 'bored' })).rejects.toMatchObject({ param: 'reason' });
    await expect(clientFor(emulator, account.publishableKey).refunds.create({ charge: chargeId })).rejects.toMatchObject({ statusCode: 401 });
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({ amount_refunded: 0 });
  });

  it('answers a refund asked again under the same idempotency key with the first one, making one refund and sending its events once', async () => {
    const { chargeId } = await paidIntent();
    const key = `refund-${chargeId}`;
    const first = await stripe.refunds.create({ charge: chargeId, amount: 1000 }, { idempotencyKey: key });
    const again = await stripe.refunds.create({ charge: chargeId, amount: 1000 }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({ amount_refunded: 1000 });
    const { data } = await stripe.events.list({ limit: 100 });
    const sent = data.filter((event) => [first.id, chargeId].includes((event.data.object as { id: string }).id));
    expect(sent.map((event) => [event.type, event.request?.idempotency_key])).toEqual([
      ['charge.refunded', key],
      ['refund.created', key],
    ]);
  });

  it('answers a refund asked under a key whose first request is still under way with Stripe’s 409, and a later ask with the first answer', async () => {
    const slow = await createStripeTestAccount(emulator.url, { refundLatencyMs: 300 });
    const slowStripe = clientFor(emulator, slow.secretKey);
    const intent = await slowStripe.paymentIntents.create({ amount: 11988, currency: 'usd', confirm: true, payment_method: 'pm_card_visa' });
    const key = `refund-${intent.id}`;
    const ask = () => slowStripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: key });
    const [first, second] = await Promise.allSettled([ask(), ask()]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { object: 'refund', status: 'succeeded' } });
    // Stripe's idempotency_error; at 409 the SDK's class for it is StripeAPIError (its own retries sleep and ask again).
    expect(second).toMatchObject({ status: 'rejected', reason: { rawType: 'idempotency_error', statusCode: 409, code: 'idempotency_key_in_use' } });
    const later = await ask();
    expect(later.id).toBe((first as PromiseFulfilledResult<Stripe.Refund>).value.id);
    expect(later.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(await slowStripe.charges.retrieve(later.charge as string)).toMatchObject({ amount_refunded: 11988 });
  });

  it('answers a refund asked again under its key after that refund failed with the first (pending) answer, as Stripe does for 24 hours; a new key refunds anew', async () => {
    const intent = await newIntent({ confirm: true, payment_method: 'pm_card_pendingRefund' });
    const ask = (key: string) => stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: key });
    const first = await ask(`refund:${intent.id}:1`);
    expect(first.status).toBe('pending');
    await stripe.rawRequest('POST', `/v1/refunds/${first.id}/emulator_settle`, { status: 'failed' });
    expect(await stripe.refunds.retrieve(first.id)).toMatchObject({ status: 'failed' });

    const replayed = await ask(`refund:${intent.id}:1`);
    expect(replayed).toMatchObject({ id: first.id, status: 'pending' });
    expect(replayed.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({ refunded: false, amount_refunded: 0 });

    const anew = await ask(`refund:${intent.id}:2`);
    expect(anew.id).not.toBe(first.id);
    expect(anew.status).toBe('pending');
    expect(anew.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    const { refunds } = await stripe.charges.retrieve(intent.latest_charge as string, { expand: ['refunds'] });
    expect(refunds?.data.map((refund) => [refund.id, refund.status])).toEqual([
      [anew.id, 'pending'],
      [first.id, 'failed'],
    ]);
  });

  it('starts a refund of the pending-refund test card pending, and settles it as told, sending refund.updated (and refund.failed)', async () => {
    const settle = (refundId: string, status: 'succeeded' | 'failed') =>
      stripe.rawRequest('POST', `/v1/refunds/${refundId}/emulator_settle`, { status }) as Promise<Stripe.Refund>;
    const pendingOf = async () => {
      const intent = await newIntent({ confirm: true, payment_method: 'pm_card_pendingRefund' });
      expect(intent.status).toBe('succeeded');
      const refund = await stripe.refunds.create({ payment_intent: intent.id });
      expect(refund.status).toBe('pending');
      return { refund, chargeId: intent.latest_charge as string };
    };

    const willSucceed = await pendingOf();
    expect(await stripe.charges.retrieve(willSucceed.chargeId)).toMatchObject({ refunded: true, amount_refunded: 11988 });
    expect(await settle(willSucceed.refund.id, 'succeeded')).toMatchObject({ status: 'succeeded' });
    const updated = await eventually(() => eventsOf(willSucceed.refund.id).find((event) => event.type === 'refund.updated'));
    expect(updated.data.object).toMatchObject({ id: willSucceed.refund.id, status: 'succeeded' });
    await expect(settle(willSucceed.refund.id, 'failed')).rejects.toMatchObject({ statusCode: 400 });

    const willFail = await pendingOf();
    await settle(willFail.refund.id, 'failed');
    expect(await stripe.charges.retrieve(willFail.chargeId)).toMatchObject({ refunded: false, amount_refunded: 0 });
    const failed = await eventually(() => eventsOf(willFail.refund.id).find((event) => event.type === 'refund.failed'));
    expect(failed.data.object).toMatchObject({ status: 'failed' });
  });

  it('sends refund.created and charge.refunded, signed, to the webhook endpoint', async () => {
    const { intent, chargeId } = await paidIntent();
    const refund = await stripe.refunds.create({ payment_intent: intent.id, reason: 'duplicate' });
    const created = await eventually(() => eventsOf(refund.id).find((event) => event.type === 'refund.created'));
    expect(created).toMatchObject({
      type: 'refund.created',
      api_version: Stripe.API_VERSION,
      data: { object: { object: 'refund', amount: 11988, reason: 'duplicate' } },
    });
    const refunded = await eventually(() => eventsOf(chargeId).find((event) => event.type === 'charge.refunded'));
    expect(refunded.data.object).toMatchObject({ object: 'charge', id: chargeId, amount_refunded: 11988, refunded: true, payment_intent: intent.id });
    expect(refunded.data.object).not.toHaveProperty('refunds');
  });

  async function authenticate(intent: Stripe.PaymentIntent, result: 'complete' | 'fail'): Promise<unknown> {
    const response = await fetch(`${emulator.url}/v1/payment_intents/${intent.id}/emulator_authenticate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: intent.client_secret!, result }).toString(),
    });
    expect(response.status).toBe(200);
    return response.json();
  }
});

it('stops at once while a webhook delivery waits for its next try, and sends nothing after', async () => {
  const refusing = await startReceiver(() => 500);
  const emulator = await startStripeEmulatorServer({ webhookRetry: { attempts: 4, firstDelayMs: 10_000 } });
  try {
    const account = await createStripeTestAccount(emulator.url);
    await account.sendWebhooksTo(refusing.url);
    await clientFor(emulator, account.secretKey).paymentIntents.create({ amount: 11988, currency: 'usd', allowed_payment_method_types: ['card'] });
    await eventually(() => refusing.received.length > 0);
    const received = refusing.received.length;
    // The delivery now waits 10 s before its next try; a stop must not wait for it.
    const stoppedIn = await (async () => {
      const startedAt = performance.now();
      await emulator.stop();
      return performance.now() - startedAt;
    })();
    expect(stoppedIn).toBeLessThan(2_000);
    expect(refusing.received).toHaveLength(received);
  } finally {
    await refusing.stop();
  }
});
