import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  paymentReference,
  type EventEnvelope,
  type MembershipActivatedV1,
  type MembershipReminderDueV1,
  type PaymentRefundedV1,
  type ReceiptResendRequestedV1,
  type UserDeletedV1,
} from '@altmed/contracts';
import {
  deliveriesDone,
  emailsTo,
  eventually,
  type IdentityProcess,
  listEmails,
  startIdentityProcess,
  waitForDeliveriesDone,
  waitForEmailsTo,
  waitForRetries,
  withDatabase,
} from '@altmed/local-stack/src/testing';
import { TestPublisher, startTestNotify, type TestNotify } from '../test/test-service';

let identity: IdentityProcess;
let notify: TestNotify;
let publisher: TestPublisher;

beforeAll(async () => {
  identity = await startIdentityProcess();
  notify = await startTestNotify({ IDENTITY_URL: identity.url, ACCOUNT_STATUS_CACHE_SECONDS: '1' });
  publisher = await TestPublisher.open();
});

afterAll(async () => {
  await publisher.close();
  await notify.stop();
  await identity.stop();
});

function activated(overrides: Partial<MembershipActivatedV1> = {}): EventEnvelope<MembershipActivatedV1> {
  return {
    id: randomUUID(),
    type: 'membership.activated',
    version: 1,
    time: new Date().toISOString(),
    source: 'svc-identity',
    data: {
      paymentId: randomUUID(),
      userId: randomUUID(),
      email: `grace.${randomUUID().slice(0, 8)}@example.com`,
      name: 'Grace Hopper',
      amount: 5994,
      currency: 'usd',
      promoCode: 'HALF',
      paymentIntentId: 'pi_3Receipt123',
      paidAt: '2026-03-01T10:00:00.000Z',
      periodStart: '2026-03-01T10:00:00.000Z',
      periodEnd: '2027-03-01T10:00:00.000Z',
      extended: false,
      ...overrides,
    },
  };
}

/** Copies of membership.activated this file has published to the one svc-notify it shares between its tests. */
let published = 0;
async function publish(event: EventEnvelope<MembershipActivatedV1>): Promise<void> {
  await publisher.publish('membership.activated', event);
  published += 1;
}
/** Until svc-notify is done with every copy published so far (a test's own, and any an earlier test left in flight). */
const waitForEveryDeliveryDone = () => waitForDeliveriesDone(notify, notify.queues.subscription, 'membership.activated', published);

const subscriptionEmailsTo = async (address: string) =>
  emailsTo(await listEmails(), address).filter((email) => email.subject === 'Your membership is confirmed');

describe('subscription email', () => {
  it('is sent once per payment, with a receipt of the amount, the code and the period', async () => {
    const event = activated();
    // Delivered twice, and announced again under another event id: still one email for the payment.
    await publish(event);
    await publish(event);
    await publish({ ...event, id: randomUUID() });

    const [email] = await waitForEmailsTo(event.data.email);
    await waitForEveryDeliveryDone();
    expect(emailsTo(await listEmails(), event.data.email)).toHaveLength(1);
    expect(email!.subject).toBe('Your membership is confirmed');
    for (const part of [email!.text!, email!.html!]) {
      expect(part).toContain('$59.94');
      expect(part).toContain('HALF');
      expect(part).toContain('March 1, 2026 – March 1, 2027');
      expect(part).toContain(paymentReference(event.data.paymentId));
      expect(part).not.toContain('pi_3Receipt123');
    }
    expect(email!.text).toContain('Hi Grace,');
  });

  it('says "None" without a code and tells a renewing member the membership was extended', async () => {
    const event = activated({ amount: 11988, promoCode: null, extended: true, periodStart: '2027-03-01T10:00:00.000Z', periodEnd: '2028-03-01T10:00:00.000Z' });
    await publish(event);
    const [email] = await waitForEmailsTo(event.data.email);
    expect(email!.text).toMatch(/Promo code:?\s+None/);
    expect(email!.text).toContain('$119.88');
    expect(email!.text).toContain('extended');
  });
});

describe('receipt resent by an admin', () => {
  let resends = 0;
  function resendRequested(paymentId: string, requestId = randomUUID()): EventEnvelope<ReceiptResendRequestedV1> {
    return {
      id: randomUUID(),
      type: 'receipt.resend_requested',
      version: 1,
      time: new Date().toISOString(),
      source: 'svc-billing',
      data: {
        requestId,
        paymentId,
        userId: randomUUID(),
        requestedBy: { id: randomUUID(), email: 'admin@example.com' },
        requestedAt: new Date().toISOString(),
      },
    };
  }
  async function publishResend(event: EventEnvelope<ReceiptResendRequestedV1>): Promise<void> {
    await publisher.publish('receipt.resend_requested', event);
    resends += 1;
  }

  it('sends the stored receipt again once per request, even when the request comes before the receipt', async () => {
    const event = activated({ extended: true });
    // Before membership.activated: no receipt yet, so the delivery is tried again until it is stored.
    const early = resendRequested(event.data.paymentId);
    await publishResend(early);
    await waitForRetries(notify, notify.queues.receiptResend, 'receipt.resend_requested', 1);
    await publish(event);
    await eventually(async () => (await subscriptionEmailsTo(event.data.email)).length === 2, 20_000, 'Expected the email and its early resend');

    const again = resendRequested(event.data.paymentId);
    await publishResend(again);
    await publishResend(again);
    await publishResend(early);
    await eventually(async () => (await subscriptionEmailsTo(event.data.email)).length === 3, 20_000, 'Expected the second resend');
    await waitForEveryDeliveryDone();
    await waitForDeliveriesDone(notify, notify.queues.receiptResend, 'receipt.resend_requested', resends);
    const emails = await subscriptionEmailsTo(event.data.email);
    expect(emails).toHaveLength(3);
    for (const email of emails) {
      expect(email.text).toContain('$59.94');
      expect(email.text).toContain('extended');
      expect(email.text).toContain(paymentReference(event.data.paymentId));
    }
  });
});

describe('refund email', () => {
  function refunded(member: PaymentRefundedV1['member']): EventEnvelope<PaymentRefundedV1> {
    return {
      id: randomUUID(),
      type: 'payment.refunded',
      version: 1,
      time: new Date().toISOString(),
      source: 'svc-billing',
      data: {
        paymentId: randomUUID(),
        userId: randomUUID(),
        amount: 5994,
        currency: 'usd',
        refundedAt: '2026-03-05T12:00:00.000Z',
        refundedBy: { id: randomUUID(), email: 'admin@example.com' },
        member,
        paymentIntentId: 'pi_3Refund123',
      },
    };
  }
  const refundEmailsTo = async (address: string) =>
    emailsTo(await listEmails(), address).filter((email) => email.subject === 'Your membership payment was refunded');

  it('is sent once per payment to the member the payment names, however often the refund arrives', async () => {
    const email = `grace.${randomUUID().slice(0, 8)}@example.com`;
    const refund = refunded({ name: 'Grace Hopper', email });
    const before = await deliveriesDone(notify, notify.queues.refundEmail, 'payment.refunded');
    for (const event of [refund, refund, { ...refund, id: randomUUID() }]) await publisher.publish('payment.refunded', event);
    await waitForDeliveriesDone(notify, notify.queues.refundEmail, 'payment.refunded', before + 3);
    const emails = await refundEmailsTo(email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain('$59.94');
    expect(emails[0]!.text).toContain('March 5, 2026');
    expect(emails[0]!.text).toContain('Hi Grace');
    expect(emails[0]!.text).toMatch(new RegExp(`Payment reference:?\\s+${paymentReference(refund.data.paymentId)}`));
    expect(emails[0]!.html).toContain(paymentReference(refund.data.paymentId));
    expect(emails[0]!.text).not.toContain('pi_3Refund123');
  });

  it('is not sent for a member who deleted their account', async () => {
    const sentBefore = (await listEmails()).filter((email) => email.subject === 'Your membership payment was refunded').length;
    const before = await deliveriesDone(notify, notify.queues.refundEmail, 'payment.refunded');
    await publisher.publish('payment.refunded', refunded(null));
    await waitForDeliveriesDone(notify, notify.queues.refundEmail, 'payment.refunded', before + 1);
    expect((await listEmails()).filter((email) => email.subject === 'Your membership payment was refunded')).toHaveLength(sentBefore);
  });
});

describe('membership reminders', () => {
  function reminder(kind: MembershipReminderDueV1['kind'], email: string): EventEnvelope<MembershipReminderDueV1> {
    const userId = randomUUID();
    const endsAt = '2026-12-24T10:00:00.000Z';
    return {
      id: randomUUID(),
      type: 'membership.reminder_due',
      version: 1,
      time: new Date().toISOString(),
      source: 'svc-identity',
      data: { reminderId: `${userId}:${kind}:${endsAt}`, userId, email, name: 'Grace Hopper', kind, endsAt },
    };
  }

  it('sends each reminder once, with the end date and the way to renew', async () => {
    const email = `grace.${randomUUID().slice(0, 8)}@example.com`;
    const soon = reminder('30-days', email);
    const ended = reminder('ended', email);
    const before = await deliveriesDone(notify, notify.queues.membershipReminder, 'membership.reminder_due');
    for (const event of [soon, soon, { ...soon, id: randomUUID() }, ended]) await publisher.publish('membership.reminder_due', event);
    await waitForDeliveriesDone(notify, notify.queues.membershipReminder, 'membership.reminder_due', before + 4);
    const emails = emailsTo(await listEmails(), email);
    expect(emails.map((sent) => sent.subject).sort()).toEqual(['Your membership ends in 30 days', 'Your membership has ended']);
    for (const sent of emails) {
      expect(sent.text).toContain('December 24, 2026');
      expect(sent.text).toContain('/account');
    }
  });
});

describe('a deleted account', () => {
  it('takes its receipts with it', async () => {
    const event = activated();
    await publish(event);
    await waitForEveryDeliveryDone();
    const deleted: EventEnvelope<UserDeletedV1> = {
      id: randomUUID(),
      type: 'user.deleted',
      version: 1,
      time: new Date().toISOString(),
      source: 'svc-identity',
      data: { userId: event.data.userId, deletedAt: new Date().toISOString() },
    };
    const before = await deliveriesDone(notify, notify.queues.accountDeletion, 'user.deleted');
    await publisher.publish('user.deleted', deleted);
    await waitForDeliveriesDone(notify, notify.queues.accountDeletion, 'user.deleted', before + 1);
    await withDatabase(notify.database, async (db) =>
      expect(await db.collection('subscription_receipts').countDocuments({ userId: event.data.userId })).toBe(0),
    );
  });

  it('is not given a receipt or a reminder by events that come after its deletion', async () => {
    const late = activated();
    const { userId, email } = late.data;
    const before = await deliveriesDone(notify, notify.queues.accountDeletion, 'user.deleted');
    await publisher.publish('user.deleted', {
      id: randomUUID(),
      type: 'user.deleted',
      version: 1,
      time: new Date().toISOString(),
      source: 'svc-identity',
      data: { userId, deletedAt: new Date().toISOString(), email },
    } satisfies EventEnvelope<UserDeletedV1>);
    await waitForDeliveriesDone(notify, notify.queues.accountDeletion, 'user.deleted', before + 1);

    await publish(late);
    const endsAt = '2027-03-01T10:00:00.000Z';
    const remindersBefore = await deliveriesDone(notify, notify.queues.membershipReminder, 'membership.reminder_due');
    await publisher.publish('membership.reminder_due', {
      id: randomUUID(),
      type: 'membership.reminder_due',
      version: 1,
      time: new Date().toISOString(),
      source: 'svc-identity',
      data: { reminderId: `${userId}:30-days:${endsAt}`, userId, email, name: 'Grace Hopper', kind: '30-days', endsAt },
    } satisfies EventEnvelope<MembershipReminderDueV1>);
    await waitForEveryDeliveryDone();
    await waitForDeliveriesDone(notify, notify.queues.membershipReminder, 'membership.reminder_due', remindersBefore + 1);

    await withDatabase(notify.database, async (db) => expect(await db.collection('subscription_receipts').countDocuments({ userId })).toBe(0));
    expect(emailsTo(await listEmails(), email)).toEqual([]);
  });
});

describe('POST /email/send-subscription-email', () => {
  const send = (token: string | undefined, userId: string) => {
    const call = request(notify.url).post('/email/send-subscription-email').send({ userId });
    return token ? call.set('Authorization', `Bearer ${token}`) : call;
  };

  it('answers for the caller’s latest payment and never sends a second email', async () => {
    const member = await identity.signUp();
    await send(member.token, member.id).expect(202, { message: 'Subscription email queued' });

    const event = activated({ userId: member.id, email: member.email });
    await publish(event);
    // The member also gets a welcome email: identity announced the sign-up.
    await eventually(async () => subscriptionEmailsTo(member.email).then((emails) => emails.length === 1));
    await eventually(async () => (await send(member.token, member.id)).status === 200);
    await send(member.token, member.id).expect(200, { message: 'Subscription email sent' });
    await send(member.token, member.id).expect(200);
    await waitForEveryDeliveryDone();
    expect(await subscriptionEmailsTo(member.email)).toHaveLength(1);
  });

  it('refuses an anonymous caller (401) and another member’s id (403)', async () => {
    const [member, other] = await Promise.all([identity.signUp(), identity.signUp()]);
    await send(undefined, member.id).expect(401);
    await send(member.token, other.id).expect(403);
    await send(member.token, '').expect(400);
  });
});
