import request from 'supertest';
import type Stripe from 'stripe';
import { randomUUID } from 'node:crypto';
import {
  parseEvent,
  paymentReference,
  type AdminPayment,
  type ReceiptsResponse,
  type MemberPaymentsResponse,
  type ReceiptResendRequestedV1,
  type ReceiptResendResponse,
} from '@altmed/contracts';
import { eventually, startIdentityProcess, type IdentityProcess, type TestAccount } from '@altmed/local-stack/src/testing';
import {
  cardPaymentMethod,
  insertPromoCode,
  intentIdOf,
  listenForPayments,
  paymentsOf,
  signedIntentEvent,
  startTestBilling,
  type TestBilling,
} from '../test/test-billing';

let identity: IdentityProcess;
let billing: TestBilling;
let stripe: Stripe;
let payments: Awaited<ReturnType<typeof listenForPayments>>;

beforeAll(async () => {
  identity = await startIdentityProcess();
  billing = await startTestBilling(identity.url);
  stripe = billing.stripe;
  payments = await listenForPayments();
  await insertPromoCode(billing.database, 'HALF', 50);
  await insertPromoCode(billing.database, 'FREE', 100);
});

afterAll(async () => {
  await payments.close();
  await billing.stop();
  await identity.stop();
});

const createIntent = (member: TestAccount, body: Record<string, unknown>) =>
  request(billing.url).post('/payments/create-payment-intent').set('Authorization', `Bearer ${member.token}`).send(body);
const confirm = (member: TestAccount, body: Record<string, unknown>) =>
  request(billing.url).post('/payments/confirm-payment').set('Authorization', `Bearer ${member.token}`).send(body);
const webhook = ({ payload, signature }: { payload: string; signature: string }) =>
  request(billing.url).post('/payments/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);

const eventsFor = (userId: string) => payments.received.filter((event) => (event.data as { userId: string }).userId === userId);
const clientSecretOf = (response: request.Response) => (response.body as { clientSecret: string }).clientSecret;

/** The cardholder's answer to the emulator's 3-D Secure challenge, as its page posts it. */
async function authenticate(paymentIntentId: string, clientSecret: string, result: string): Promise<void> {
  const response = await fetch(`${process.env.STRIPE_API_URL}/emulator/3ds/${paymentIntentId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: clientSecret, result }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
}

/** An intent for `member` at the full price, and its id. */
async function openIntent(member: TestAccount): Promise<string> {
  const response = await createIntent(member, { amount: 11988, userId: member.id, doctorId: null }).expect(200);
  return intentIdOf(clientSecretOf(response));
}

describe('POST /payments/create-payment-intent', () => {
  it('answers a client secret of an intent for 11988 cents in USD', async () => {
    const member = await identity.signUp();
    const response = await createIntent(member, { amount: 11988, userId: member.id, doctorId: null }).expect(200);
    const intent = await stripe.paymentIntents.retrieve(intentIdOf(clientSecretOf(response)));
    expect(intent).toMatchObject({ amount: 11988, currency: 'usd', client_secret: clientSecretOf(response) });
  });

  it('charges 5994 cents with a 50 % code, given in any case', async () => {
    const member = await identity.signUp();
    const response = await createIntent(member, { amount: 5994, userId: member.id, doctorId: null, promoCode: 'half' }).expect(200);
    expect((await stripe.paymentIntents.retrieve(intentIdOf(clientSecretOf(response)))).amount).toBe(5994);
  });

  it('answers the same intent to a double click', async () => {
    const member = await identity.signUp();
    const responses = await Promise.all(Array.from({ length: 4 }, () => createIntent(member, { amount: 11988, userId: member.id, doctorId: null })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(responses.map(clientSecretOf)).size).toBe(1);
    expect(await paymentsOf(billing.database, member.id)).toHaveLength(1);
  });

  it('refuses an amount other than the server’s price', async () => {
    const member = await identity.signUp();
    const cheaper = await createIntent(member, { amount: 100, userId: member.id, doctorId: null }).expect(400);
    expect(cheaper.body).toEqual({ message: 'Amount does not match the membership price: expected 11988 cents' });
    await createIntent(member, { amount: 11988, userId: member.id, doctorId: null, promoCode: 'HALF' }).expect(400);
    await createIntent(member, { amount: 5994, userId: member.id, doctorId: null, promoCode: 'NOPE' }).expect(400, {
      message: 'Invalid or expired promo code',
    });
    await createIntent(member, { amount: '11988', userId: member.id, doctorId: null }).expect(400);
    expect(await paymentsOf(billing.database, member.id)).toHaveLength(0);
  });

  it('refuses to pay for someone else (403) and an anonymous caller (401)', async () => {
    const [member, other] = await Promise.all([identity.signUp(), identity.signUp()]);
    await createIntent(member, { amount: 11988, userId: other.id, doctorId: null }).expect(403);
    await request(billing.url).post('/payments/create-payment-intent').send({ amount: 11988, userId: member.id, doctorId: null }).expect(401);
    expect(await paymentsOf(billing.database, other.id)).toHaveLength(0);
  });

  it('activates with a 100 % code at once, without a charge, and only once per user and code', async () => {
    const member = await identity.signUp();
    const body = { amount: 0, userId: member.id, doctorId: null, promoCode: 'FREE' };
    await createIntent(member, body).expect(200, { clientSecret: null, message: 'Payment confirmed' });
    await createIntent(member, body).expect(200, { clientSecret: null, message: 'Payment confirmed' });
    const [event] = await eventually(() => (eventsFor(member.id).length > 0 ? eventsFor(member.id) : undefined));
    expect(parseEvent('payment.succeeded', event).data).toMatchObject({
      userId: member.id,
      amount: 0,
      currency: 'usd',
      promoCode: 'FREE',
      paymentIntentId: null,
    });
    await payments.settled([billing]);
    expect(eventsFor(member.id)).toHaveLength(1);
  });
});

describe('POST /payments/confirm-payment', () => {
  it('confirms a 4242 card and publishes one payment.succeeded', async () => {
    const member = await identity.signUp();
    const paymentIntentId = await openIntent(member);
    const paymentMethodId = await cardPaymentMethod(stripe);
    await confirm(member, { paymentIntentId, paymentMethodId }).expect(200, { message: 'Payment confirmed', requiresAction: false });
    await confirm(member, { paymentIntentId, paymentMethodId }).expect(200, { message: 'Payment confirmed', requiresAction: false });
    const [event] = await eventually(() => (eventsFor(member.id).length > 0 ? eventsFor(member.id) : undefined));
    expect(parseEvent('payment.succeeded', event).data).toMatchObject({ userId: member.id, amount: 11988, currency: 'usd', promoCode: null, paymentIntentId });
    await eventually(async () => ((await identity.me(member)).membership as { status: string }).status === 'active', 20_000);
    await payments.settled([billing], [paymentIntentId]);
    expect(eventsFor(member.id)).toHaveLength(1);
    // A new purchase after a paid one is a new intent.
    expect(await openIntent(member)).not.toBe(paymentIntentId);
  });

  it.each([
    ['completes', 'complete', 200],
    ['fails', 'fail', 402],
  ])('answers requiresAction for a card that needs authentication, then the outcome once the cardholder %s it', async (_label, result, status) => {
    const member = await identity.signUp();
    const paymentIntentId = await openIntent(member);
    const paymentMethodId = await cardPaymentMethod(stripe, '4000002500003155');
    const response = await confirm(member, { paymentIntentId, paymentMethodId }).expect(200);
    const { clientSecret } = response.body as { clientSecret: string };
    expect(response.body).toMatchObject({ message: 'Payment requires additional authentication', requiresAction: true });
    expect(clientSecret).toContain(paymentIntentId);
    expect(eventsFor(member.id)).toHaveLength(0);

    await authenticate(paymentIntentId, clientSecret, result);
    const after = await confirm(member, { paymentIntentId, paymentMethodId }).expect(status);
    if (status === 200) {
      expect(after.body).toEqual({ message: 'Payment confirmed', requiresAction: false });
      await eventually(() => eventsFor(member.id).length === 1);
    } else {
      await payments.settled([billing], [paymentIntentId]);
      expect(eventsFor(member.id)).toHaveLength(0);
    }
  });

  it.each([
    ['declined', '4000000000000002'],
    ['with insufficient funds', '4000000000009995'],
  ])('answers 402 with Stripe’s message for a card %s, and activates nothing', async (_label, number) => {
    const member = await identity.signUp();
    const paymentIntentId = await openIntent(member);
    const response = await confirm(member, { paymentIntentId, paymentMethodId: await cardPaymentMethod(stripe, number) }).expect(402);
    expect((response.body as { message: string }).message).toMatch(/declined|insufficient/i);
    expect(((await identity.me(member)).membership as { status: string }).status).toBe('none');
    // The same intent can be paid with another card.
    await confirm(member, { paymentIntentId, paymentMethodId: await cardPaymentMethod(stripe) }).expect(200, {
      message: 'Payment confirmed',
      requiresAction: false,
    });
    await eventually(() => eventsFor(member.id).length === 1);
  });

  it('confirms only the caller’s own intent', async () => {
    const [member, other] = await Promise.all([identity.signUp(), identity.signUp()]);
    const paymentIntentId = await openIntent(member);
    await confirm(other, { paymentIntentId, paymentMethodId: await cardPaymentMethod(stripe) }).expect(403);
    await request(billing.url).post('/payments/confirm-payment').send({ paymentIntentId, paymentMethodId: 'pm_1' }).expect(401);
    expect((await stripe.paymentIntents.retrieve(paymentIntentId)).status).not.toBe('succeeded');
  });
});

describe('GET /payments/receipts', () => {
  const receiptsOf = async (member: TestAccount) =>
    (await request(billing.url).get('/payments/receipts').set('Authorization', `Bearer ${member.token}`).expect(200)).body as {
      receipts: ReceiptsResponse['receipts'];
    };

  it('lists the caller’s paid memberships, newest first, and no one else’s', async () => {
    const [member, other] = await Promise.all([identity.signUp(), identity.signUp()]);
    await request(billing.url).get('/payments/receipts').expect(401);
    expect(await receiptsOf(member)).toEqual({ receipts: [] });

    const paymentIntentId = await openIntent(member);
    await confirm(member, { paymentIntentId, paymentMethodId: await cardPaymentMethod(stripe) }).expect(200);
    await createIntent(member, { amount: 0, userId: member.id, doctorId: null, promoCode: 'FREE' }).expect(200);
    await openIntent(member); // opened, never paid: no receipt

    const { receipts } = await receiptsOf(member);
    expect(receipts).toMatchObject([
      { amount: 0, currency: 'usd', promoCode: 'FREE', refundedAt: null, refundPendingSince: null },
      { amount: 11988, currency: 'usd', promoCode: null, refundedAt: null, refundPendingSince: null },
    ]);
    expect(Date.parse(receipts[0]!.paidAt)).toBeGreaterThanOrEqual(Date.parse(receipts[1]!.paidAt));
    // The reference the emails and Orders Management show: "1B9D-6BCD-BBFD", the payment id's first 12 hex digits.
    for (const receipt of receipts) {
      expect(receipt.reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
      expect(receipt.reference).toBe(paymentReference(receipt.paymentId));
    }
    expect(await receiptsOf(other)).toEqual({ receipts: [] });
  });
});

describe('GET /payments/members/:userId (Users Management)', () => {
  it('shows an admin every payment attempt of one member, newest first, and refuses everyone else', async () => {
    const [member, other, admin] = await Promise.all([identity.signUp(), identity.signUp(), identity.logInAdmin()]);
    const paymentIntentId = await openIntent(member);
    await confirm(member, { paymentIntentId, paymentMethodId: await cardPaymentMethod(stripe) }).expect(200);
    await createIntent(member, { amount: 5994, userId: member.id, doctorId: null, promoCode: 'HALF' }).expect(200);
    await createIntent(other, { amount: 11988, userId: other.id, doctorId: null }).expect(200);

    const path = `/payments/members/${member.id}`;
    await request(billing.url).get(path).expect(401);
    await request(billing.url).get(path).set('Authorization', `Bearer ${member.token}`).expect(403);
    const response = await request(billing.url).get(path).set('Authorization', `Bearer ${admin.token}`).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { payments: listed } = response.body as {
      payments: { userId: string; amount: number; promoCode: string | null; status: string; paidAt: string | null }[];
    };
    expect(listed).toMatchObject([
      { userId: member.id, amount: 5994, promoCode: 'HALF', status: 'open', paidAt: null },
      { userId: member.id, amount: 11988, promoCode: null, status: 'succeeded', paidAt: expect.any(String) as string },
    ]);

    const none = await request(billing.url).get(`/payments/members/${admin.id}`).set('Authorization', `Bearer ${admin.token}`).expect(200);
    expect(none.body).toEqual({ payments: [] });
    const bad = await request(billing.url).get('/payments/members/not-an-id').set('Authorization', `Bearer ${admin.token}`).expect(404);
    expect(bad.body).toEqual({ message: 'Member not found' });
  });

  it('has a paid membership’s receipt emailed again at an admin’s request, recorded on the payment, and refuses the rest', async () => {
    const [member, admin] = await Promise.all([identity.signUp(), identity.logInAdmin()]);
    const paymentIntentId = await openIntent(member);
    await confirm(member, { paymentIntentId, paymentMethodId: await cardPaymentMethod(stripe) }).expect(200);
    await createIntent(member, { amount: 5994, userId: member.id, doctorId: null, promoCode: 'HALF' }).expect(200);
    const asAdmin = { Authorization: `Bearer ${admin.token}` };
    const listed = async () =>
      ((await request(billing.url).get(`/payments/members/${member.id}`).set(asAdmin).expect(200)).body as MemberPaymentsResponse).payments;
    const [open, paid] = (await listed()) as [AdminPayment, AdminPayment];

    const resendRequests = await listenForPayments('receipt.resend_requested');
    const resent = await request(billing.url).post(`/payments/${paid.id}/receipt`).set(asAdmin).expect(202);
    const answer = resent.body as ReceiptResendResponse;
    expect(answer.message).toBe('The receipt is on its way to the member again.');
    expect(answer.payment.receiptResends).toEqual([{ by: admin.email, at: expect.any(String) as string }]);
    expect((await listed())[1]!.receiptResends).toHaveLength(1);
    await resendRequests.settled([billing]);
    await resendRequests.close();
    expect(resendRequests.received.map((event) => event.data as ReceiptResendRequestedV1)).toEqual([
      expect.objectContaining({ paymentId: paid.id, userId: member.id, requestedBy: { id: admin.id, email: admin.email } }),
    ]);

    await request(billing.url).post(`/payments/${open.id}/receipt`).set(asAdmin).expect(409, { message: 'Only a paid membership has a receipt' });
    await request(billing.url).post(`/payments/${randomUUID()}/receipt`).set(asAdmin).expect(404, { message: 'Payment not found' });
    await request(billing.url).post(`/payments/${paid.id}/receipt`).set('Authorization', `Bearer ${member.token}`).expect(403);
    await request(billing.url).post(`/payments/${paid.id}/receipt`).expect(401);
    expect((await listed())[1]!.receiptResends).toHaveLength(1);
  });
});

describe('POST /payments/webhook', () => {
  it('refuses a wrong or missing signature with 400 and changes nothing', async () => {
    const member = await identity.signUp();
    const paymentIntentId = await openIntent(member);
    const forged = signedIntentEvent('whsec_not_the_secret', { id: paymentIntentId, amount: 11988, status: 'succeeded' });
    await webhook(forged).expect(400, { message: 'Invalid webhook signature' });
    const genuine = signedIntentEvent(billing.account.webhookSecret, { id: paymentIntentId, amount: 11988, status: 'succeeded' });
    await webhook({ payload: genuine.payload.replace('11988', '11989'), signature: genuine.signature }).expect(400);
    await request(billing.url).post('/payments/webhook').set('Content-Type', 'application/json').send(genuine.payload).expect(400);
    await payments.settled([billing], [paymentIntentId]);
    expect(eventsFor(member.id)).toHaveLength(0);
    expect((await paymentsOf(billing.database, member.id))[0]).toMatchObject({ status: 'open' });
  });

  it('publishes one event for a replayed success, and a late failure does not undo it', async () => {
    const member = await identity.signUp();
    const paymentIntentId = await openIntent(member);
    const succeeded = signedIntentEvent(billing.account.webhookSecret, { id: paymentIntentId, amount: 11988, status: 'succeeded' });
    await webhook(succeeded).expect(200, { received: true });
    await webhook(succeeded).expect(200, { received: true });
    const late = signedIntentEvent(
      billing.account.webhookSecret,
      { id: paymentIntentId, amount: 11988, status: 'requires_payment_method', last_payment_error: { message: 'Your card was declined.' } as never },
      'payment_intent.payment_failed',
    );
    await webhook(late).expect(200);
    await eventually(() => eventsFor(member.id).length === 1);
    await payments.settled([billing], [paymentIntentId]);
    expect(eventsFor(member.id)).toHaveLength(1);
    expect((await paymentsOf(billing.database, member.id))[0]).toMatchObject({ status: 'succeeded' });
  });

  it('activates from Stripe’s own signed webhook alone, and a replay of that delivery changes nothing', async () => {
    const member = await identity.signUp();
    const paymentIntentId = await openIntent(member);
    // Confirmed in the browser (Stripe.js) and never through billing: only the webhook tells it.
    await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: await cardPaymentMethod(stripe) });
    await eventually(() => eventsFor(member.id).length === 1, 20_000);
    await eventually(async () => (await paymentsOf(billing.database, member.id))[0]?.status === 'succeeded');

    const delivered = (await stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 })).data.find(
      (event) => (event.data.object as Stripe.PaymentIntent).id === paymentIntentId,
    );
    const before = await paymentsOf(billing.database, member.id);
    const deliveries = await billing.account.resendEvent(delivered!.id);
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200]);
    await payments.settled([billing], [paymentIntentId]);
    expect(eventsFor(member.id)).toHaveLength(1);
    expect(await paymentsOf(billing.database, member.id)).toEqual(before);
  });

  it('ignores an intent it did not make', async () => {
    await webhook(signedIntentEvent(billing.account.webhookSecret, { id: 'pi_unknown123', amount: 11988, status: 'succeeded' })).expect(200);
  });
});

describe('when the confirm call and the webhook see the success at the same moment', () => {
  it('publishes exactly one payment.succeeded per payment (4 members paying 5 times each, every confirm racing three webhook copies)', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => identity.signUp()));
    const paid = new Map<string, string[]>();
    await Promise.all(
      members.map(async (payer) => {
        const intents: string[] = [];
        for (let round = 0; round < 5; round += 1) {
          const paymentIntentId = await openIntent(payer);
          const paymentMethodId = await cardPaymentMethod(stripe);
          const success = signedIntentEvent(billing.account.webhookSecret, { id: paymentIntentId, amount: 11988, status: 'succeeded' });
          const copy = signedIntentEvent(billing.account.webhookSecret, { id: paymentIntentId, amount: 11988, status: 'succeeded' });
          const answers = await Promise.all([confirm(payer, { paymentIntentId, paymentMethodId }), webhook(success), webhook(success), webhook(copy)]);
          expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
          intents.push(paymentIntentId);
        }
        paid.set(payer.id, intents);
      }),
    );
    await eventually(() => members.every((payer) => eventsFor(payer.id).length >= 5), 30_000);
    await payments.settled([billing], [...paid.values()].flat());
    for (const payer of members) {
      const intents = eventsFor(payer.id).map((event) => (event.data as { paymentIntentId: string }).paymentIntentId);
      expect(intents.sort()).toEqual([...paid.get(payer.id)!].sort());
    }
  }, 120_000);
});
