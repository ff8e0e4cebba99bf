import request from 'supertest';
import type Stripe from 'stripe';
import {
  ORDER_STATUSES,
  OrderMessages,
  parseEvent,
  paymentReference,
  weekStartOf,
  type AdminOrdersResponse,
  type MyPayments,
  type PaymentFiguresResponse,
  type ReceiptsResponse,
  type RefundResponse,
} from '@altmed/contracts';
import { eventually, startIdentityProcess, withDatabase, type IdentityProcess, type TestAccount } from '@altmed/local-stack/src/testing';
import {
  deliverStripeEvent,
  payByCard,
  insertPromoCode,
  listenForPayments,
  paymentsOf,
  startPayment,
  startTestBilling,
  type TestBilling,
} from '../test/test-billing';

let identity: IdentityProcess;
let billing: TestBilling;
let stripe: Stripe;
let admin: TestAccount;
let refunds: Awaited<ReturnType<typeof listenForPayments>>;

beforeAll(async () => {
  identity = await startIdentityProcess();
  billing = await startTestBilling(identity.url);
  stripe = billing.stripe;
  refunds = await listenForPayments('payment.refunded');
  admin = await identity.logInAdmin();
  await insertPromoCode(billing.database, 'HALFOFF', 50);
  await insertPromoCode(billing.database, 'ONUS', 100);
});

afterAll(async () => {
  await refunds.close();
  await billing.stop();
  await identity.stop();
});

const asAdmin = () => ({ Authorization: `Bearer ${admin.token}` });
const listOrders = (query: Record<string, string> = {}) => request(billing.url).get('/payments').query(query).set(asAdmin());
const refund = (paymentId: string, account: TestAccount = admin) =>
  request(billing.url).post(`/payments/${paymentId}/refund`).set('Authorization', `Bearer ${account.token}`).send();
const refundsOf = (userId: string) => refunds.received.filter((event) => (event.data as { userId: string }).userId === userId);
/** What the member sees of their payment: the last receipt (My membership) and the payment in Download my data. */
async function memberViewOf(member: TestAccount, paymentId: string) {
  const asMember = { Authorization: `Bearer ${member.token}` };
  const { receipts } = (await request(billing.url).get('/payments/receipts').set(asMember).expect(200)).body as ReceiptsResponse;
  const { payments } = (await request(billing.url).get('/payments/mine').set(asMember).expect(200)).body as MyPayments;
  return { receipt: receipts.find((receipt) => receipt.paymentId === paymentId), payment: payments.find((payment) => payment.id === paymentId) };
}
const settle = (on: Stripe, refundId: string, status: 'succeeded' | 'failed') => on.rawRequest('POST', `/v1/refunds/${refundId}/emulator_settle`, { status });
const refundsMadeAtStripe = async (on: Stripe, paymentIntentId: string) =>
  (await on.events.list({ type: 'refund.created', limit: 100 })).data.filter(
    (event) => (event.data.object as Stripe.Refund).payment_intent === paymentIntentId,
  );

const pay = (member: TestAccount, promoCode?: string) => payByCard(billing, member, promoCode ? { amount: 5994, promoCode } : {});

/** The list as an admin sees it once it shows `paymentId` in `status` (other instances' lists follow events). */
async function listedOnce(paymentId: string, status: string, query: Record<string, string> = {}): Promise<AdminOrdersResponse> {
  let answer: AdminOrdersResponse | undefined;
  await eventually(async () => {
    answer = (await listOrders(query).expect(200)).body as AdminOrdersResponse;
    return answer.payments.some((payment) => payment.id === paymentId && payment.status === status);
  });
  return answer!;
}

/**
 * Waits until the list agrees with the database on how many payments are in each status: every
 * payment.changed of the earlier tests has reached it, so a figure read now moves only with this test.
 */
async function listAgreesWithDatabase(): Promise<void> {
  await eventually(async () => {
    const stored = await withDatabase(billing.database, (db) =>
      db
        .collection('payments')
        .aggregate<{ _id: string; count: number }>([{ $group: { _id: '$status', count: { $sum: 1 } } }])
        .toArray(),
    );
    const { counts } = (await listOrders().expect(200)).body as AdminOrdersResponse;
    return ORDER_STATUSES.every((status) => counts[status] === (stored.find((group) => group._id === status)?.count ?? 0));
  });
}

describe('GET /payments (Orders Management)', () => {
  it('lists every payment with its member, newest first, found by email or promo code and filtered by status, with counts', async () => {
    const [payer, halfPayer, opener] = await Promise.all([identity.signUp(), identity.signUp(), identity.signUp()]);
    const paid = await pay(payer);
    const half = await pay(halfPayer, 'halfoff');
    await startPayment(billing, opener);
    const [open] = await paymentsOf(billing.database, opener.id);

    const all = await listedOnce(String(open!._id), 'open');
    expect(all.payments.map((payment) => payment.id).slice(0, 3)).toEqual([String(open!._id), half.paymentId, paid.paymentId]);
    expect(all.payments[2]).toMatchObject({
      id: paid.paymentId,
      userId: payer.id,
      member: { name: expect.any(String) as string, email: payer.email },
      amount: 11988,
      currency: 'usd',
      promoCode: null,
      status: 'succeeded',
      paidAt: expect.any(String) as string,
      refund: null,
    });
    expect(all).toMatchObject({ page: 1, pageSize: 20, total: all.counts.all });

    const byEmailAnswer = await listOrders({ search: payer.email.toUpperCase() }).expect(200);
    expect(byEmailAnswer.headers['cache-control']).toBe('no-store');
    const byEmail = byEmailAnswer.body as AdminOrdersResponse;
    expect(byEmail.payments.map((payment) => payment.id)).toEqual([paid.paymentId]);
    expect(byEmail.counts).toMatchObject({ all: 1, succeeded: 1, open: 0 });

    const byCode = (await listOrders({ search: 'halfoff' }).expect(200)).body as AdminOrdersResponse;
    expect(byCode.payments.map((payment) => payment.id)).toEqual([half.paymentId]);

    // A member quoting the reference of their receipt or email, as written, in lower case, without its dashes or with spaces.
    const reference = paymentReference(paid.paymentId);
    expect(all.payments[2]!.reference).toBe(reference);
    for (const search of [reference, reference.toLowerCase(), reference.replace(/-/g, ''), reference.replace(/-/g, ' ')]) {
      const byReference = (await listOrders({ search }).expect(200)).body as AdminOrdersResponse;
      expect({ search, found: byReference.payments.map((payment) => payment.id) }).toEqual({ search, found: [paid.paymentId] });
    }

    const openOnly = (await listOrders({ status: 'open' }).expect(200)).body as AdminOrdersResponse;
    expect(openOnly.payments.every((payment) => payment.status === 'open')).toBe(true);
    expect(openOnly.total).toBe(all.counts.open);
  });

  it('refuses members, providers and the anonymous, and a bad query', async () => {
    const member = await identity.signUp();
    await request(billing.url).get('/payments').expect(401);
    await request(billing.url).get('/payments').set('Authorization', `Bearer ${member.token}`).expect(403);
    expect((await listOrders({ status: 'paid' }).expect(400)).body).toEqual({ message: OrderMessages.statusInvalid });
    expect((await listOrders({ page: '0' }).expect(400)).body).toEqual({ message: OrderMessages.pageInvalid });
    await listOrders({ sort: 'amount' }).expect(400);
  });
});

describe('POST /payments/:paymentId/refund', () => {
  it('refunds a paid membership in full through Stripe once, says so on the payment and in one payment.refunded, and refuses a second refund', async () => {
    const member = await identity.signUp();
    const { paymentId, paymentIntentId } = await pay(member);

    const answer = (await refund(paymentId).expect(200)).body as RefundResponse;
    expect(answer).toEqual({
      message: OrderMessages.refunded,
      payment: expect.objectContaining({ id: paymentId, status: 'refunded', refund: { by: admin.email, at: expect.any(String) as string } }) as unknown,
    });
    const charge = await stripe.charges.retrieve((await stripe.paymentIntents.retrieve(paymentIntentId)).latest_charge as string);
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 11988 });

    expect((await refund(paymentId).expect(409)).body).toEqual({ message: OrderMessages.alreadyRefunded });
    await refunds.settled([billing], [paymentIntentId]);
    expect(refundsOf(member.id).map((event) => parseEvent('payment.refunded', event).data)).toEqual([
      {
        paymentId,
        userId: member.id,
        amount: 11988,
        currency: 'usd',
        refundedAt: answer.payment.refund!.at,
        refundedBy: { id: admin.id, email: admin.email },
        member: { name: expect.any(String) as string, email: member.email },
        paymentIntentId,
      },
    ]);
    const listed = await listedOnce(paymentId, 'refunded', { search: member.email });
    expect(listed.payments[0]!.refund).toEqual({ by: admin.email, at: answer.payment.refund!.at });
  });

  it('makes one refund of two asks at the same moment', async () => {
    const member = await identity.signUp();
    const { paymentId, paymentIntentId } = await pay(member);
    const answers = await Promise.all([refund(paymentId), refund(paymentId)]);
    expect(answers.map((answer) => answer.status).filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    const stripeRefunds = (await stripe.events.list({ type: 'refund.created', limit: 100 })).data.filter(
      (event) => (event.data.object as Stripe.Refund).payment_intent === paymentIntentId,
    );
    expect(stripeRefunds).toHaveLength(1);
    await refunds.settled([billing], [paymentIntentId]);
    expect(refundsOf(member.id)).toHaveLength(1);
  });

  it('records a refund made in Stripe’s dashboard from its signed charge.refunded webhook, with no admin named', async () => {
    const member = await identity.signUp();
    const { paymentId, paymentIntentId } = await pay(member);
    const made = await stripe.refunds.create({ payment_intent: paymentIntentId });
    await eventually(async () => (await paymentsOf(billing.database, member.id))[0]?.status === 'refunded', 20_000);
    // The webhook's charge names no refund: billing read it with its refunds and kept the refund's id.
    expect((await paymentsOf(billing.database, member.id))[0]!.refund).toMatchObject({ stripeRefundId: made.id, by: null });
    await refunds.settled([billing], [paymentIntentId]);
    expect(refundsOf(member.id).map((event) => (event.data as { refundedBy: unknown }).refundedBy)).toEqual([null]);
    expect((await refund(paymentId).expect(409)).body).toEqual({ message: OrderMessages.alreadyRefunded });
  });

  it('records a refund Stripe answers pending as pending (shown to the member), follows its refund.updated to refunded or back to paid, and makes a new refund when asked after a failure', async () => {
    /** A payment by Stripe's pending-refund test card, refunded by the admin: answered pending. */
    async function pendingRefund(member: TestAccount) {
      const { paymentId, paymentIntentId } = await payByCard(billing, member, { cardNumber: '4000000000007726' });
      const answer = (await refund(paymentId).expect(200)).body as RefundResponse;
      expect(answer).toEqual({
        message: OrderMessages.refundPending,
        payment: expect.objectContaining({
          id: paymentId,
          status: 'succeeded',
          refund: null,
          refundPending: { by: admin.email, at: expect.any(String) as string },
        }) as unknown,
      });
      // The member sees it under way, on the receipt and in their data; the payment still stands.
      const since = answer.payment.refundPending!.at;
      expect(await memberViewOf(member, paymentId)).toMatchObject({
        receipt: { refundedAt: null, refundPendingSince: since },
        payment: { status: 'succeeded', refundedAt: null, refundPendingSince: since },
      });
      // charge.refunded comes too, and says nothing more: the refund it names is pending.
      await refunds.settled([billing], [paymentIntentId]);
      expect(refundsOf(member.id)).toEqual([]);
      expect((await refund(paymentId).expect(409)).body).toEqual({ message: OrderMessages.refundUnderWay });
      const { refundPending } = (await paymentsOf(billing.database, member.id))[0] as { refundPending?: { stripeRefundId: string } };
      const stripeRefundId = refundPending!.stripeRefundId;
      return { paymentId, paymentIntentId, stripeRefundId };
    }

    const [goesThrough, fails] = await Promise.all([identity.signUp(), identity.signUp()]);
    const through = await pendingRefund(goesThrough);
    await settle(stripe, through.stripeRefundId, 'succeeded');
    const listed = await listedOnce(through.paymentId, 'refunded', { search: goesThrough.email });
    expect(listed.payments[0]).toMatchObject({ refund: { by: admin.email }, refundPending: null });
    expect((await paymentsOf(billing.database, goesThrough.id))[0]!.refund).toMatchObject({ stripeRefundId: through.stripeRefundId });
    await refunds.settled([billing], [through.paymentIntentId]);
    expect(refundsOf(goesThrough.id).map((event) => (event.data as { refundedBy: unknown }).refundedBy)).toEqual([{ id: admin.id, email: admin.email }]);
    expect(await memberViewOf(goesThrough, through.paymentId)).toMatchObject({
      receipt: { refundedAt: listed.payments[0]!.refund!.at, refundPendingSince: null },
    });

    const failed = await pendingRefund(fails);
    await settle(stripe, failed.stripeRefundId, 'failed');
    await eventually(async () => (await paymentsOf(billing.database, fails.id))[0]?.refundPending === undefined, 20_000);
    await refunds.settled([billing], [failed.paymentIntentId]);
    expect((await paymentsOf(billing.database, fails.id))[0]).toMatchObject({ status: 'succeeded' });
    expect(refundsOf(fails.id)).toEqual([]);
    expect(await memberViewOf(fails, failed.paymentId)).toMatchObject({ receipt: { refundedAt: null, refundPendingSince: null } });

    // Asked again within Stripe's 24 hours: a new attempt under a key of its own, so Stripe makes a new refund instead of replaying the failed one.
    expect(((await refund(failed.paymentId).expect(200)).body as RefundResponse).message).toBe(OrderMessages.refundPending);
    const retried = ((await paymentsOf(billing.database, fails.id))[0] as { refundPending?: { stripeRefundId: string } }).refundPending;
    expect(retried?.stripeRefundId).toMatch(/^re_/);
    expect(retried!.stripeRefundId).not.toBe(failed.stripeRefundId);
    expect(await refundsMadeAtStripe(stripe, failed.paymentIntentId)).toHaveLength(2);
    await settle(stripe, retried!.stripeRefundId, 'succeeded');
    await eventually(async () => (await paymentsOf(billing.database, fails.id))[0]?.status === 'refunded', 20_000);
    expect((await paymentsOf(billing.database, fails.id))[0]!.refund).toMatchObject({ stripeRefundId: retried!.stripeRefundId, by: { email: admin.email } });
  });

  it('refuses what cannot be refunded: an unpaid payment, a free year, an unknown payment, and anyone but an admin', async () => {
    const [opener, freeRider, member] = await Promise.all([identity.signUp(), identity.signUp(), identity.signUp()]);
    await startPayment(billing, opener);
    const [open] = await paymentsOf(billing.database, opener.id);
    expect((await refund(String(open!._id)).expect(409)).body).toEqual({ message: OrderMessages.refundOnlyForPaid });

    await startPayment(billing, freeRider, { amount: 0, promoCode: 'ONUS' });
    const [free] = await paymentsOf(billing.database, freeRider.id);
    expect((await refund(String(free!._id)).expect(409)).body).toEqual({ message: OrderMessages.nothingToRefund });

    await refund('00000000-0000-4000-8000-000000000000').expect(404);
    const { paymentId } = await pay(member);
    await request(billing.url).post(`/payments/${paymentId}/refund`).expect(401);
    await refund(paymentId, member).expect(403);
    expect((await paymentsOf(billing.database, member.id))[0]).toMatchObject({ status: 'succeeded' });
  });
});

describe('what Stripe tells a billing late (its webhooks delivered by the test, when it chooses)', () => {
  let quiet: TestBilling;

  beforeAll(async () => {
    quiet = await startTestBilling(identity.url, {}, { webhooks: false });
  });

  afterAll(async () => {
    await quiet.stop();
  });

  const refundAtQuiet = (paymentId: string) => request(quiet.url).post(`/payments/${paymentId}/refund`).set(asAdmin()).send();
  const stored = async (member: TestAccount) => (await paymentsOf(quiet.database, member.id))[0];
  const chargeOf = async (paymentIntentId: string) => (await quiet.stripe.paymentIntents.retrieve(paymentIntentId)).latest_charge as string;

  it('records a refund made in Stripe’s dashboard with Stripe’s refund id when an admin asks before its webhook came, pending or done', async () => {
    const [member, pendingMember] = await Promise.all([identity.signUp(), identity.signUp()]);
    const { paymentId, paymentIntentId } = await payByCard(quiet, member);
    const made = await quiet.stripe.refunds.create({ payment_intent: paymentIntentId });
    expect((await refundAtQuiet(paymentId).expect(409)).body).toEqual({ message: OrderMessages.alreadyRefunded });
    expect(await stored(member)).toMatchObject({ status: 'refunded', refund: { stripeRefundId: made.id, by: null } });
    await eventually(() => refundsOf(member.id).length === 1, 20_000);
    expect(refundsOf(member.id).map((event) => (event.data as { refundedBy: unknown }).refundedBy)).toEqual([null]);
    // Its webhook, come at last, changes nothing.
    await deliverStripeEvent(quiet, 'charge.refunded', await chargeOf(paymentIntentId));
    expect(await stored(member)).toMatchObject({ status: 'refunded', refund: { stripeRefundId: made.id, by: null } });
    expect(await refundsMadeAtStripe(quiet.stripe, paymentIntentId)).toHaveLength(1);

    // Made pending in the dashboard (the card's bank has not answered): recorded pending, and the ask is told it is under way.
    const pending = await payByCard(quiet, pendingMember, { cardNumber: '4000000000007726' });
    const madePending = await quiet.stripe.refunds.create({ payment_intent: pending.paymentIntentId });
    expect(madePending.status).toBe('pending');
    expect((await refundAtQuiet(pending.paymentId).expect(409)).body).toEqual({ message: OrderMessages.refundUnderWay });
    expect(await stored(pendingMember)).toMatchObject({ status: 'succeeded', refundPending: { stripeRefundId: madePending.id, by: null } });
    expect(await refundsMadeAtStripe(quiet.stripe, pending.paymentIntentId)).toHaveLength(1);
  });

  it('keeps a payment paid when the charge.refunded of a pending refund that failed since comes late, and refunds it anew when asked again', async () => {
    const member = await identity.signUp();
    const { paymentId, paymentIntentId } = await payByCard(quiet, member, { cardNumber: '4000000000007726' });
    expect(((await refundAtQuiet(paymentId).expect(200)).body as RefundResponse).message).toBe(OrderMessages.refundPending);
    const first = (await stored(member))!.refundPending as { stripeRefundId: string };
    await settle(quiet.stripe, first.stripeRefundId, 'failed');
    await deliverStripeEvent(quiet, 'refund.updated', first.stripeRefundId);
    expect(await stored(member)).toMatchObject({ status: 'succeeded', refundsFailed: 1 });
    expect((await stored(member))!.refundPending).toBeUndefined();

    // The charge.refunded sent when the refund was made, delivered only now: the charge is refunded no more.
    await deliverStripeEvent(quiet, 'charge.refunded', await chargeOf(paymentIntentId));
    expect(await stored(member)).toMatchObject({ status: 'succeeded' });
    expect((await stored(member))!.refund).toBeUndefined();

    expect(((await refundAtQuiet(paymentId).expect(200)).body as RefundResponse).message).toBe(OrderMessages.refundPending);
    const second = (await stored(member))!.refundPending as { stripeRefundId: string };
    expect(second.stripeRefundId).not.toBe(first.stripeRefundId);
    expect(await refundsMadeAtStripe(quiet.stripe, paymentIntentId)).toHaveLength(2);
  });
});

describe('GET /payments/figures (the Dashboard)', () => {
  it('counts a payment in its week’s started, paid and revenue and its month’s revenue, and its refund moves it to the refunded figures', async () => {
    const figures = async () => (await request(billing.url).get('/payments/figures').set(asAdmin()).expect(200)).body as PaymentFiguresResponse;
    const monthOf = (time: Date) => time.toISOString().slice(0, 7);
    const beforeAt = new Date();
    await listAgreesWithDatabase();
    const before = await figures();
    const member = await identity.signUp();
    const { paymentId } = await pay(member, 'HALFOFF');
    await listedOnce(paymentId, 'succeeded');
    const paid = await figures();

    // Looked up by the payment's own week and month: a Monday or a 1st at midnight between two answers moves the figures on.
    const [record] = await paymentsOf(billing.database, member.id);
    const weekOf = (time: Date) => weekStartOf(time).toISOString().slice(0, 10);
    const week = (answer: PaymentFiguresResponse, time: Date) =>
      answer.weeks.find((each) => each.weekStart === weekOf(time)) ?? { started: 0, paid: 0, refunded: 0, revenue: 0, refundedAmount: 0 };
    const createdAt = record!.createdAt as Date;
    const paidAt = record!.paidAt as Date;
    expect(week(paid, createdAt).started).toBe(week(before, createdAt).started + 1);
    expect(week(paid, paidAt)).toMatchObject({
      paid: week(before, paidAt).paid + 1,
      revenue: week(before, paidAt).revenue + 5994,
      refunded: week(before, paidAt).refunded,
      refundedAmount: week(before, paidAt).refundedAmount,
    });
    const sameMonth = monthOf(beforeAt) === monthOf(paidAt);
    const monthBefore = sameMonth ? before.revenueThisMonth : 0;
    const refundedMonthBefore = sameMonth ? before.refundedThisMonth : 0;
    expect(paid.revenueThisMonth).toBe(monthBefore + 5994);
    expect(paid.refundedThisMonth).toBe(refundedMonthBefore);
    const halfOff = (answer: PaymentFiguresResponse) =>
      answer.byPromoCode.find((code) => code.promoCode === 'HALFOFF') ?? { promoCode: 'HALFOFF', paid: 0, refunded: 0, revenue: 0 };
    expect(halfOff(paid)).toEqual({ ...halfOff(before), paid: halfOff(before).paid + 1, revenue: halfOff(before).revenue + 5994 });

    // The refund, through Stripe: the payment leaves the paid memberships and the revenue of its week, month and code, and shows as refunded.
    await refund(paymentId).expect(200);
    const refunded = await figures();
    expect(refunded.revenueThisMonth).toBe(monthBefore);
    expect(refunded.refundedThisMonth).toBe(refundedMonthBefore + 5994);
    expect(week(refunded, paidAt)).toMatchObject({
      paid: week(before, paidAt).paid,
      revenue: week(before, paidAt).revenue,
      refunded: week(before, paidAt).refunded + 1,
      refundedAmount: week(before, paidAt).refundedAmount + 5994,
    });
    expect(week(refunded, createdAt).started).toBe(week(paid, createdAt).started);
    expect(halfOff(refunded)).toEqual({ ...halfOff(before), refunded: halfOff(before).refunded + 1 });

    await request(billing.url).get('/payments/figures').expect(401);
    await request(billing.url).get('/payments/figures').set('Authorization', `Bearer ${member.token}`).expect(403);
  });
});
