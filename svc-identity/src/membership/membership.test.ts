import { randomUUID } from 'node:crypto';
import { connect, type ChannelModel, type ConfirmChannel } from 'amqplib';
import request from 'supertest';
import { parseEvent, type EventEnvelope, type Membership, type PaymentSucceededV1 } from '@altmed/contracts';
import { deliveriesDone, eventually, testEventsExchange, waitForDeliveriesDone } from '@altmed/local-stack/src/testing';
import { authBody, startTestIdentity, validSignup, waitForPublishedEventsReceived, type TestIdentity } from '../test/test-service';

let identity: TestIdentity;
let connection: ChannelModel;
let channel: ConfirmChannel;
const activations: EventEnvelope[] = [];

beforeAll(async () => {
  identity = await startTestIdentity({ EVENT_RETRY_FIRST_DELAY_MS: '100', EVENT_RETRY_MAX_DELAY_MS: '500' });
  connection = await connect(process.env.AMQP_URL!);
  channel = await connection.createConfirmChannel();
  await channel.assertExchange(testEventsExchange(), 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  // A user's events leave its outbox in order: user.signed_up needs a queue too, or membership.activated waits behind it.
  for (const type of ['user.signed_up', 'membership.activated']) await channel.bindQueue(queue, testEventsExchange(), type);
  await channel.consume(
    queue,
    (message) => {
      const event = message && (JSON.parse(message.content.toString()) as EventEnvelope);
      if (event?.type === 'membership.activated') activations.push(event);
    },
    { noAck: true },
  );
});

afterAll(async () => {
  await connection.close();
  await identity.stop();
});

const DAY = 24 * 3600_000;
/** Events go through the broker and, on a busy machine, a retry or two. */
const WAIT_MS = 20_000;

function paymentEvent(userId: string, overrides: Partial<PaymentSucceededV1> = {}): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'payment.succeeded',
    version: 1,
    time: new Date().toISOString(),
    source: 'svc-billing',
    data: {
      paymentId: randomUUID(),
      userId,
      amount: 11988,
      currency: 'usd',
      promoCode: null,
      paymentIntentId: `pi_${randomUUID().replace(/-/g, '')}`,
      paidAt: new Date().toISOString(),
      ...overrides,
    },
  };
}

async function publish(event: EventEnvelope): Promise<void> {
  channel.publish(testEventsExchange(), event.type, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: event.id });
  await channel.waitForConfirms();
}

async function signUp() {
  const response = await request(identity.url).post('/users/signup').send(validSignup()).expect(201);
  return authBody(response);
}

async function membershipOf(token: string): Promise<Membership> {
  const response = await request(identity.url).get('/users/me').set('Authorization', `Bearer ${token}`).expect(200);
  return (response.body as { user: { membership: Membership } }).user.membership;
}

const activationsFor = (userId: string) => activations.filter((event) => (event.data as { userId: string }).userId === userId);
const plusOneYear = (iso: string) => {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString();
};

it('makes a member active for one year from the payment, once however often the payment is delivered', async () => {
  const { token, user } = await signUp();
  expect(await membershipOf(token)).toEqual({ status: 'none', endsAt: null });

  const payment = paymentEvent(user.id, { promoCode: 'HALF', amount: 5994 });
  const sameIdAgain = { ...payment, id: randomUUID() };
  const before = await deliveriesDone(identity, identity.membershipQueue, 'payment.succeeded');
  await Promise.all([publish(payment), publish(payment), publish(sameIdAgain)]);

  const paidAt = (payment.data as PaymentSucceededV1).paidAt;
  await eventually(async () => (await membershipOf(token)).status === 'active', WAIT_MS);
  expect(await membershipOf(token)).toEqual({ status: 'active', endsAt: plusOneYear(paidAt) });
  await eventually(() => activationsFor(user.id).length > 0, WAIT_MS);
  // Every copy of the payment is applied or found applied, and every activation it wrote is published and here.
  await waitForDeliveriesDone(identity, identity.membershipQueue, 'payment.succeeded', before + 3, WAIT_MS);
  await waitForPublishedEventsReceived(identity, 'membership.activated', () => activations.length, WAIT_MS);
  expect(activationsFor(user.id)).toHaveLength(1);
  expect(parseEvent('membership.activated', activationsFor(user.id)[0]).data).toMatchObject({
    userId: user.id,
    email: user.email,
    name: user.name,
    amount: 5994,
    promoCode: 'HALF',
    periodStart: paidAt,
    periodEnd: plusOneYear(paidAt),
    extended: false,
  });
});

it('extends an active membership from its current end, and restarts an expired one from the payment', async () => {
  const { token, user } = await signUp();
  const first = paymentEvent(user.id);
  await publish(first);
  await eventually(async () => (await membershipOf(token)).status === 'active', WAIT_MS);
  const firstEnd = plusOneYear((first.data as PaymentSucceededV1).paidAt);

  await publish(paymentEvent(user.id));
  await eventually(async () => (await membershipOf(token)).endsAt === plusOneYear(firstEnd), WAIT_MS);
  await eventually(() => activationsFor(user.id).length === 2, WAIT_MS);
  expect(activationsFor(user.id)[1]!.data).toMatchObject({ periodStart: firstEnd, periodEnd: plusOneYear(firstEnd), extended: true });

  const other = await signUp();
  const longAgo = new Date(Date.now() - 400 * DAY).toISOString();
  await publish(paymentEvent(other.user.id, { paidAt: longAgo }));
  await eventually(async () => (await membershipOf(other.token)).status === 'expired', WAIT_MS);
  const renewal = paymentEvent(other.user.id);
  await publish(renewal);
  await eventually(async () => (await membershipOf(other.token)).endsAt === plusOneYear((renewal.data as PaymentSucceededV1).paidAt), WAIT_MS);
  expect((await membershipOf(other.token)).status).toBe('active');
});

it('counts concurrent payments of one member one after the other', async () => {
  const { token, user } = await signUp();
  const paidAt = new Date().toISOString();
  await Promise.all(Array.from({ length: 3 }, () => publish(paymentEvent(user.id, { paidAt }))));
  const threeYears = plusOneYear(plusOneYear(plusOneYear(paidAt)));
  await eventually(async () => (await membershipOf(token)).endsAt === threeYears, WAIT_MS);
});

describe('a refunded payment (payment.refunded)', () => {
  function refundEvent(payment: EventEnvelope, refundedAt = new Date()): EventEnvelope {
    const { paymentId, userId, amount, currency } = payment.data as PaymentSucceededV1;
    return {
      id: randomUUID(),
      type: 'payment.refunded',
      version: 1,
      time: new Date().toISOString(),
      source: 'svc-billing',
      data: {
        paymentId,
        userId,
        amount,
        currency,
        refundedAt: refundedAt.toISOString(),
        refundedBy: { id: randomUUID(), email: 'admin@altmed.local' },
        member: null,
        paymentIntentId: null,
      },
    };
  }

  it('ends a one-payment membership at the refund, once however often the refund is delivered', async () => {
    const { token, user } = await signUp();
    const payment = paymentEvent(user.id);
    await publish(payment);
    await eventually(async () => (await membershipOf(token)).status === 'active', WAIT_MS);

    const refund = refundEvent(payment);
    const before = await deliveriesDone(identity, identity.membershipRefundQueue, 'payment.refunded');
    await Promise.all([publish(refund), publish(refund), publish({ ...refund, id: randomUUID() })]);
    await waitForDeliveriesDone(identity, identity.membershipRefundQueue, 'payment.refunded', before + 3, WAIT_MS);
    expect(await membershipOf(token)).toEqual({ status: 'expired', endsAt: (refund.data as { refundedAt: string }).refundedAt });
  });

  it('takes back only the refunded year of a membership paid twice', async () => {
    const { token, user } = await signUp();
    const first = paymentEvent(user.id);
    await publish(first);
    await eventually(async () => (await membershipOf(token)).status === 'active', WAIT_MS);
    const second = paymentEvent(user.id);
    await publish(second);
    const twoYears = plusOneYear(plusOneYear((first.data as PaymentSucceededV1).paidAt));
    await eventually(async () => (await membershipOf(token)).endsAt === twoYears, WAIT_MS);

    const before = await deliveriesDone(identity, identity.membershipRefundQueue, 'payment.refunded');
    await publish(refundEvent(second));
    await waitForDeliveriesDone(identity, identity.membershipRefundQueue, 'payment.refunded', before + 1, WAIT_MS);
    expect(await membershipOf(token)).toEqual({ status: 'active', endsAt: plusOneYear((first.data as PaymentSucceededV1).paidAt) });
  });

  it('takes nothing back for a payment whose year has run out', async () => {
    const { token, user } = await signUp();
    const twoYearsAgo = new Date();
    twoYearsAgo.setUTCFullYear(twoYearsAgo.getUTCFullYear() - 2);
    const old = paymentEvent(user.id, { paidAt: twoYearsAgo.toISOString() });
    await publish(old);
    await eventually(async () => (await membershipOf(token)).status === 'expired', WAIT_MS);
    const renewal = paymentEvent(user.id);
    await publish(renewal);
    await eventually(async () => (await membershipOf(token)).status === 'active', WAIT_MS);
    const before = await membershipOf(token);

    const delivered = await deliveriesDone(identity, identity.membershipRefundQueue, 'payment.refunded');
    await publish(refundEvent(old));
    await waitForDeliveriesDone(identity, identity.membershipRefundQueue, 'payment.refunded', delivered + 1, WAIT_MS);
    expect(await membershipOf(token)).toEqual(before);
  });

  it('never applies a payment whose refund came first', async () => {
    const { token, user } = await signUp();
    const payment = paymentEvent(user.id);
    const beforeRefunds = await deliveriesDone(identity, identity.membershipRefundQueue, 'payment.refunded');
    await publish(refundEvent(payment));
    await waitForDeliveriesDone(identity, identity.membershipRefundQueue, 'payment.refunded', beforeRefunds + 1, WAIT_MS);
    const beforePayments = await deliveriesDone(identity, identity.membershipQueue, 'payment.succeeded');
    await publish(payment);
    await waitForDeliveriesDone(identity, identity.membershipQueue, 'payment.succeeded', beforePayments + 1, WAIT_MS);
    expect(await membershipOf(token)).toEqual({ status: 'none', endsAt: null });
  });
});
