import { randomUUID } from 'node:crypto';
import { connect, type ChannelModel, type ConfirmChannel } from 'amqplib';
import request from 'supertest';
import { parseEvent, type EventEnvelope, type Membership } from '@altmed/contracts';
import { eventually, testEventsExchange } from '@altmed/local-stack/src/testing';
import { authBody, startTestIdentity, testPrivateKeyPem, validSignup, waitForPublishedEventsReceived, type TestIdentity } from '../test/test-service';
import { REMINDERS_JOB, reminderDue } from './reminders';

const DAY = 24 * 3600_000;

describe('reminderDue', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  it.each([
    [45 * DAY, undefined],
    [30 * DAY, '30-days'],
    [8 * DAY, '30-days'],
    [7 * DAY, '7-days'],
    [1, '7-days'],
    [0, 'ended'],
    [-6 * DAY, 'ended'],
    [-8 * DAY, undefined],
  ])('a membership ending %d ms from now is due %s', (fromNow, kind) => {
    expect(reminderDue(now + fromNow, now)).toBe(kind);
  });
});

describe('membership reminders, with two instances sweeping every second', () => {
  let first: TestIdentity;
  let second: TestIdentity;
  let connection: ChannelModel;
  let channel: ConfirmChannel;
  const reminders: EventEnvelope[] = [];

  beforeAll(async () => {
    const key = testPrivateKeyPem();
    first = await startTestIdentity({ JWT_PRIVATE_KEY: key, MEMBERSHIP_REMINDER_SWEEP_SECONDS: '1' });
    second = await startTestIdentity({ JWT_PRIVATE_KEY: key, MEMBERSHIP_REMINDER_SWEEP_SECONDS: '1', MONGO_DB: first.database });
    connection = await connect(process.env.AMQP_URL!);
    channel = await connection.createConfirmChannel();
    await channel.assertExchange(testEventsExchange(), 'topic', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    await channel.bindQueue(queue, testEventsExchange(), 'membership.reminder_due');
    await channel.consume(queue, (message) => message && reminders.push(JSON.parse(message.content.toString()) as EventEnvelope), { noAck: true });
  }, 60_000);

  afterAll(async () => {
    await connection.close();
    await second.stop({ keepDatabase: true });
    await first.stop();
  });

  /** A member whose year, paid `daysAgo` days ago, ends `daysAgo` days before a year from now. */
  async function memberEndingIn(days: number) {
    const { token, user } = authBody(await request(first.url).post('/users/signup').send(validSignup()).expect(201));
    const paidAt = new Date(Date.now() + days * DAY);
    paidAt.setUTCFullYear(paidAt.getUTCFullYear() - 1);
    const payment: EventEnvelope = {
      id: randomUUID(),
      type: 'payment.succeeded',
      version: 1,
      time: new Date().toISOString(),
      source: 'svc-billing',
      data: { paymentId: randomUUID(), userId: user.id, amount: 11988, currency: 'usd', promoCode: null, paymentIntentId: null, paidAt: paidAt.toISOString() },
    };
    channel.publish(testEventsExchange(), payment.type, Buffer.from(JSON.stringify(payment)), { persistent: true, messageId: payment.id });
    await channel.waitForConfirms();
    await eventually(async () => {
      const me = await request(first.url).get('/users/me').set('authorization', `Bearer ${token}`);
      return (me.body as { user: { membership: Membership } }).user.membership.endsAt !== null;
    }, 20_000);
    return user;
  }

  const remindersOf = (userId: string) =>
    reminders.filter((event) => (event.data as { userId: string }).userId === userId).map((event) => parseEvent('membership.reminder_due', event).data);

  it('emails a member once 30 days before, once 7 days before, and once after the end, however many instances sweep', async () => {
    const [month, week, ended, far] = await Promise.all([memberEndingIn(20), memberEndingIn(3), memberEndingIn(-2), memberEndingIn(200)]);
    await eventually(() => remindersOf(month.id).length > 0 && remindersOf(week.id).length > 0 && remindersOf(ended.id).length > 0, 20_000);
    // Two more sweeps of each instance, then every reminder they recorded is published and here.
    const sweeps = await Promise.all([first, second].map((instance) => instance.service.metrics.runsOf(REMINDERS_JOB)));
    await eventually(async () => {
      const now = await Promise.all([first, second].map((instance) => instance.service.metrics.runsOf(REMINDERS_JOB)));
      return now.every((runs, index) => runs >= sweeps[index]! + 2);
    }, 20_000);
    await waitForPublishedEventsReceived([first, second], 'membership.reminder_due', () => reminders.length);
    expect(remindersOf(month.id)).toEqual([
      expect.objectContaining({ kind: '30-days', email: month.email, reminderId: expect.stringContaining(':30-days:') as string }),
    ]);
    expect(remindersOf(week.id).map((reminder) => reminder.kind)).toEqual(['7-days']);
    expect(remindersOf(ended.id).map((reminder) => reminder.kind)).toEqual(['ended']);
    expect(remindersOf(far.id)).toEqual([]);
  });
});
