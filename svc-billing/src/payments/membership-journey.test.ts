import request from 'supertest';
import type Stripe from 'stripe';
import {
  emailsTo,
  eventually,
  listEmails,
  metricsAt,
  startIdentityProcess,
  startNotifyProcess,
  waitForOutboxDrained,
  waitForDeliveriesDone,
  type IdentityProcess,
  type ServiceProcess,
  type TestAccount,
} from '@altmed/local-stack/src/testing';
import {
  cardPaymentMethod,
  insertPromoCode,
  intentIdOf,
  listenForPayments,
  signedIntentEvent,
  startPayment,
  startTestBilling,
  type TestBilling,
} from '../test/test-billing';

/*
 * A member's payment through the three services as they run: billing (here), identity and notify
 * (their own processes), on one broker and one SMTP sink.
 */

let identity: IdentityProcess;
let notify: ServiceProcess;
let billing: TestBilling;
let stripe: Stripe;
let payments: Awaited<ReturnType<typeof listenForPayments>>;

beforeAll(async () => {
  identity = await startIdentityProcess();
  [notify, billing] = await Promise.all([startNotifyProcess(identity.url), startTestBilling(identity.url)]);
  stripe = billing.stripe;
  payments = await listenForPayments();
  await insertPromoCode(billing.database, 'HALF', 50);
}, 90_000);

afterAll(async () => {
  await payments.close();
  await billing.stop();
  await notify.stop();
  await identity.stop();
});

const SUBJECT = 'Your membership is confirmed';
const subscriptionEmailsTo = async (address: string) => emailsTo(await listEmails(), address).filter((email) => email.subject === SUBJECT);
const membershipOf = async (member: TestAccount) => (await identity.me(member)).membership as { status: string; endsAt: string | null };

/**
 * Waits until every payment so far has gone all the way: billing's payment.succeeded published and
 * handled by identity, and identity's membership.activated handled by notify, which sends the email.
 */
async function carriedThrough(paymentIntentIds: string[]): Promise<void> {
  const [identityMetrics, notifyMetrics] = [metricsAt(identity.url), metricsAt(notify.url)];
  await payments.settled([billing], paymentIntentIds);
  const paid = await billing.service.metrics.eventsPublished('payment.succeeded');
  await waitForDeliveriesDone(identityMetrics, 'identity.payment-succeeded', 'payment.succeeded', paid);
  await waitForOutboxDrained(identityMetrics);
  const activated = await identityMetrics.metrics.eventsPublished('membership.activated');
  await waitForDeliveriesDone(notifyMetrics, 'notify.membership-activated', 'membership.activated', activated);
}

/** Pays at the given price; the confirm call races two copies of Stripe's success webhook. */
async function pay(member: TestAccount, amount: number, promoCode?: string): Promise<string> {
  const paymentIntentId = intentIdOf(await startPayment(billing, member, { amount, promoCode }));
  const paymentMethodId = await cardPaymentMethod(stripe);
  const { payload, signature } = signedIntentEvent(billing.account.webhookSecret, { id: paymentIntentId, amount, status: 'succeeded' });
  const webhook = () => request(billing.url).post('/payments/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
  const [confirmed] = await Promise.all([
    request(billing.url).post('/payments/confirm-payment').set('Authorization', `Bearer ${member.token}`).send({ paymentIntentId, paymentMethodId }),
    webhook(),
    webhook(),
  ]);
  expect(confirmed.body).toEqual({ message: 'Payment confirmed', requiresAction: false });
  return paymentIntentId;
}

it('makes the member active for a year with one subscription email and its receipt, and extends on a second payment', async () => {
  const member = await identity.signUp();
  const intents = [await pay(member, 5994, 'half')];

  const [email] = await eventually(async () => {
    const emails = await subscriptionEmailsTo(member.email);
    return emails.length > 0 ? emails : undefined;
  }, 30_000);
  const first = await membershipOf(member);
  expect(first.status).toBe('active');
  const paidAt = new Date((payments.received.find((event) => (event.data as { userId: string }).userId === member.id)!.data as { paidAt: string }).paidAt);
  const yearLater = new Date(paidAt);
  yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
  expect(first.endsAt).toBe(yearLater.toISOString());
  expect(email!.text).toContain('$59.94');
  expect(email!.text).toContain('HALF');
  expect(email!.text).toContain(new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(yearLater));

  intents.push(await pay(member, 11988));
  const twoYears = new Date(yearLater);
  twoYears.setUTCFullYear(twoYears.getUTCFullYear() + 1);
  await eventually(async () => (await membershipOf(member)).endsAt === twoYears.toISOString(), 30_000);
  await eventually(async () => (await subscriptionEmailsTo(member.email)).length === 2, 30_000);
  await carriedThrough(intents);
  const emails = await subscriptionEmailsTo(member.email);
  expect(emails).toHaveLength(2);
  expect(emails.some((sent) => sent.text?.includes('$119.88') && sent.text.includes('extended'))).toBe(true);

  const status = await request(notify.url).post('/email/send-subscription-email').set('Authorization', `Bearer ${member.token}`).send({ userId: member.id });
  expect(status.status).toBe(200);
  // An email it sent itself would be in the inbox by its answer (the sink stores before it accepts); one through events, once they are carried through.
  await carriedThrough(intents);
  expect(await subscriptionEmailsTo(member.email)).toHaveLength(2);
}, 120_000);
