import request from 'supertest';
import type Stripe from 'stripe';
import { OrderMessages, type RefundResponse } from '@altmed/contracts';
import { startIdentityProcess, type IdentityProcess, type TestAccount } from '@altmed/local-stack/src/testing';
import { payByCard, listenForPayments, startTestBilling, type TestBilling } from '../test/test-billing';

/*
 * A refund that takes Stripe a while (here 3 s, longer than the SDK's two retries of a 409 wait):
 * an ask while another's refund is still under way at Stripe is told so (409), as
 * Stripe answers the second request under the same idempotency key.
 */
const REFUND_TAKES_MS = 3_000;

let identity: IdentityProcess;
let billing: TestBilling;
let admin: TestAccount;
let refunds: Awaited<ReturnType<typeof listenForPayments>>;

beforeAll(async () => {
  identity = await startIdentityProcess();
  billing = await startTestBilling(identity.url, {}, { refundLatencyMs: REFUND_TAKES_MS });
  refunds = await listenForPayments('payment.refunded');
  admin = await identity.logInAdmin();
});

afterAll(async () => {
  await refunds.close();
  await billing.stop();
  await identity.stop();
});

const refund = (paymentId: string) => request(billing.url).post(`/payments/${paymentId}/refund`).set('Authorization', `Bearer ${admin.token}`).send();

const pay = (member: TestAccount) => payByCard(billing, member);

it('answers the second of two refunds asked at the same moment with 409 while Stripe makes the first, and makes one refund', async () => {
  const member = await identity.signUp();
  const { paymentId, paymentIntentId } = await pay(member);

  // (supertest sends when awaited or then-ed.)
  const first = refund(paymentId).then((answer) => answer);
  // The first ask is at Stripe (its refund takes 3 s) when the second comes.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const second = await refund(paymentId);
  expect({ status: second.status, body: second.body as unknown }).toEqual({ status: 409, body: { message: OrderMessages.refundUnderWay } });

  const answer = (await first).body as RefundResponse;
  expect(answer).toMatchObject({ message: OrderMessages.refunded, payment: { id: paymentId, status: 'refunded', refund: { by: admin.email } } });
  expect((await refund(paymentId).expect(409)).body).toEqual({ message: OrderMessages.alreadyRefunded });

  const made = (await billing.stripe.events.list({ type: 'refund.created', limit: 100 })).data.filter(
    (event) => (event.data.object as Stripe.Refund).payment_intent === paymentIntentId,
  );
  expect(made).toHaveLength(1);
  await refunds.settled([billing], [paymentIntentId]);
  expect(refunds.received.filter((event) => (event.data as { paymentId: string }).paymentId === paymentId)).toHaveLength(1);
}, 30_000);
