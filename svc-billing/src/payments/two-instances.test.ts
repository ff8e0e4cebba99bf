import request from 'supertest';
import { eventually, startIdentityProcess, type IdentityProcess, type TestAccount } from '@altmed/local-stack/src/testing';
import {
  cardPaymentMethod,
  intentIdOf,
  listenForPayments,
  signedIntentEvent,
  startSecondBilling,
  startTestBilling,
  type TestBilling,
} from '../test/test-billing';

/**
 * Two instances of svc-billing on one database, as `deploy/k8s` runs them: a member's calls and
 * Stripe's webhooks land on either, and each payment still counts once.
 */
let identity: IdentityProcess;
let instances: [TestBilling, TestBilling];
let payments: Awaited<ReturnType<typeof listenForPayments>>;

beforeAll(async () => {
  identity = await startIdentityProcess();
  const first = await startTestBilling(identity.url);
  instances = [first, await startSecondBilling(first, identity.url)];
  payments = await listenForPayments();
}, 60_000);

afterAll(async () => {
  await payments.close();
  await instances[1].stop({ keepDatabase: true });
  await instances[0].stop();
  await identity.stop();
});

const createIntent = (billing: TestBilling, member: TestAccount) =>
  request(billing.url)
    .post('/payments/create-payment-intent')
    .set('Authorization', `Bearer ${member.token}`)
    .send({ amount: 11988, userId: member.id, doctorId: null });
const webhookTo = (billing: TestBilling, { payload, signature }: { payload: string; signature: string }) =>
  request(billing.url).post('/payments/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);

it('answers one intent to a double click that reaches both instances', async () => {
  const member = await identity.signUp();
  const answers = await Promise.all(instances.map((billing) => createIntent(billing, member).expect(200)));
  expect(new Set(answers.map((answer) => (answer.body as { clientSecret: string }).clientSecret)).size).toBe(1);
});

it('publishes one payment.succeeded per payment when the confirm and the webhook copies hit different instances at once', async () => {
  const [first, second] = instances;
  const members = await Promise.all(Array.from({ length: 3 }, () => identity.signUp()));
  const paid = new Map<string, string>();
  await Promise.all(
    members.map(async (member) => {
      const paymentIntentId = intentIdOf(((await createIntent(first, member).expect(200)).body as { clientSecret: string }).clientSecret);
      const paymentMethodId = await cardPaymentMethod(first.stripe);
      const success = signedIntentEvent(first.account.webhookSecret, { id: paymentIntentId, amount: 11988, status: 'succeeded' });
      const answers = await Promise.all([
        request(second.url).post('/payments/confirm-payment').set('Authorization', `Bearer ${member.token}`).send({ paymentIntentId, paymentMethodId }),
        webhookTo(first, success),
        webhookTo(second, success),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      paid.set(member.id, paymentIntentId);
    }),
  );
  const eventsFor = (userId: string) => payments.received.filter((event) => (event.data as { userId: string }).userId === userId);
  await eventually(() => members.every((member) => eventsFor(member.id).length >= 1), 30_000);
  await payments.settled(instances, [...paid.values()]);
  for (const member of members) {
    expect(eventsFor(member.id).map((event) => (event.data as { paymentIntentId: string }).paymentIntentId)).toEqual([paid.get(member.id)]);
  }
  // Either instance shows the member the one receipt.
  const member = members[0]!;
  for (const billing of instances) {
    const receipts = await request(billing.url).get('/payments/receipts').set('Authorization', `Bearer ${member.token}`).expect(200);
    expect((receipts.body as { receipts: unknown[] }).receipts).toHaveLength(1);
  }
}, 120_000);
