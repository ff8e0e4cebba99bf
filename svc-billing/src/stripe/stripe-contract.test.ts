import request from 'supertest';
import Stripe from 'stripe';
import { OrderMessages, type RefundResponse } from '@altmed/contracts';
import { startIdentityProcess, startStripeMock, withDatabase, type IdentityProcess, type RunningStripeMock } from '@altmed/local-stack/src/testing';
import { paymentsOf, startPayment, startTestBilling, type TestBilling } from '../test/test-billing';

/*
 * Every call svc-billing makes to Stripe, sent to stripe-mock, which checks each request against
 * Stripe's OpenAPI specification and refuses what the real API would (answers are fixed fixtures,
 * so only acceptance is checked here; behaviour is checked against the emulator).
 */

let mock: RunningStripeMock;
let identity: IdentityProcess;
let billing: TestBilling;

beforeAll(async () => {
  [mock, identity] = await Promise.all([startStripeMock(), startIdentityProcess()]);
  billing = await startTestBilling(identity.url, { STRIPE_API_URL: mock.url, STRIPE_SECRET_KEY: 'sk_test_123' });
}, 10 * 60_000);

afterAll(async () => {
  await billing.stop();
  await identity.stop();
  await mock.stop();
});

it('creates, retrieves and confirms payment intents with requests Stripe’s specification accepts', async () => {
  const member = await identity.signUp();
  expect(await startPayment(billing, member)).toMatch(/^pi_\w+_secret_\w+$/);
  // The fixture's client secret names another intent than its id: take the id billing stored.
  const [payment] = await paymentsOf(billing.database, member.id);

  const stripe = new Stripe('sk_test_123', { host: '127.0.0.1', port: mock.port, protocol: 'http' });
  const method = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } });
  const confirmed = await request(billing.url)
    .post('/payments/confirm-payment')
    .set('Authorization', `Bearer ${member.token}`)
    .send({ paymentIntentId: String(payment!.paymentIntentId), paymentMethodId: method.id });
  // stripe-mock's fixed intent is not our payment's: whatever state it reports, no request was refused (a refusal is our 400).
  expect({ status: confirmed.status, body: confirmed.body as unknown }).not.toMatchObject({ status: 400 });
  expect([200, 402]).toContain(confirmed.status);
}, 60_000);

it('refunds a paid membership in full under its attempt’s idempotency key with a request Stripe’s specification accepts', async () => {
  const [member, admin] = await Promise.all([identity.signUp(), identity.logInAdmin()]);
  await startPayment(billing, member);
  const [payment] = await paymentsOf(billing.database, member.id);
  const paymentId = String(payment!._id);
  // stripe-mock's fixed intent is never our payment's, so it never succeeds: the payment is marked paid here, as a confirm would.
  await withDatabase(billing.database, (db) =>
    db.collection<{ _id: string }>('payments').updateOne({ _id: paymentId }, { $set: { status: 'succeeded', paidAt: new Date() } }),
  );
  const refunded = await request(billing.url).post(`/payments/${paymentId}/refund`).set('Authorization', `Bearer ${admin.token}`).send();
  // A refusal of the request would be our 400; stripe-mock answers its fixed refund, which has succeeded.
  expect({ status: refunded.status, message: (refunded.body as RefundResponse).message }).toEqual({ status: 200, message: OrderMessages.refunded });
}, 60_000);
