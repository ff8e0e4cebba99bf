import { Messages, parseEvent, type EventEnvelope, type MembershipActivatedV1 } from '@altmed/contracts';
import { forbidden, type EventConsumer, type EventInbox, isDuplicateKeyError } from '@altmed/service-kit';
import type { Mailer } from '../mail/mailer';
import type { ReceiptDocument, ReceiptModel } from './receipt.model';
import { membershipReminderEmail } from './membership-reminder-email';
import { refundEmail } from './refund-email';
import { subscriptionEmail } from './subscription-email';

export interface SubscriptionDeps {
  inbox: EventInbox;
  mailer: Mailer;
  receipts: ReceiptModel;
  siteUrl: string;
}

/**
 * One subscription email per payment: the receipt is stored under the payment's id, and the send
 * runs once per payment (the inbox is keyed by it), however often the event arrives.
 */
export async function sendSubscriptionEmail(deps: SubscriptionDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('membership.activated', raw);
  try {
    await deps.receipts.create({
      _id: data.paymentId,
      userId: data.userId,
      email: data.email,
      name: data.name,
      amount: data.amount,
      currency: data.currency,
      promoCode: data.promoCode,
      paymentIntentId: data.paymentIntentId,
      paidAt: new Date(data.paidAt),
      periodStart: new Date(data.periodStart),
      periodEnd: new Date(data.periodEnd),
      extended: data.extended,
    });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  await deps.inbox.runOnce('subscription-email', data.paymentId, async () => {
    await deps.mailer.send(subscriptionEmail(data, deps.siteUrl));
    await deps.receipts.updateOne({ _id: data.paymentId }, { $set: { emailSentAt: new Date() } });
  });
}

/**
 * An admin's resend of a receipt: the stored receipt emailed again, once per request. A receipt not
 * stored yet (its membership.activated still on its way) fails the delivery, which is tried again later.
 */
export async function resendReceiptEmail(deps: SubscriptionDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('receipt.resend_requested', raw);
  await deps.inbox.runOnce('receipt-resend', data.requestId, async () => {
    const receipt = await deps.receipts.findById(data.paymentId).lean<ReceiptDocument>();
    if (!receipt) throw new Error(`No receipt of payment ${data.paymentId} yet; the resend is tried again later`);
    // A Message-ID of its own: mail systems drop a second message with the first one's.
    await deps.mailer.send({ ...subscriptionEmail(membershipOf(receipt), deps.siteUrl), messageId: `<${data.requestId}.receipt-resend@altmed.local>` });
  });
}

/** A paid membership refunded: one email per payment, to the member the payment names (none once they deleted their account). */
export async function sendRefundEmail(deps: SubscriptionDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('payment.refunded', raw);
  const { member } = data;
  if (!member) return;
  await deps.inbox.runOnce('refund-email', data.paymentId, () => deps.mailer.send(refundEmail(data, member, deps.siteUrl)));
}

export const refundEmailQueue = (queueSuffix: string) => `notify.payment-refunded${queueSuffix}`;

export function refundEmailConsumer(deps: SubscriptionDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: refundEmailQueue(options.queueSuffix),
    eventTypes: ['payment.refunded'],
    handle: (event) => sendRefundEmail(deps, event),
  };
}

/** A membership reminder (30 days, 7 days, ended): one email per reminder, however often it arrives. */
export async function sendMembershipReminder(deps: SubscriptionDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('membership.reminder_due', raw);
  await deps.inbox.runOnce('membership-reminder', data.reminderId, () => deps.mailer.send(membershipReminderEmail(data, deps.siteUrl)));
}

export const membershipReminderQueue = (queueSuffix: string) => `notify.membership-reminder-due${queueSuffix}`;

export function membershipReminderConsumer(deps: SubscriptionDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: membershipReminderQueue(options.queueSuffix),
    eventTypes: ['membership.reminder_due'],
    handle: (event) => sendMembershipReminder(deps, event),
  };
}

/** A member deleted their account: the receipts kept for their emails (name, email) go. */
export async function forgetMemberReceipts(deps: SubscriptionDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('user.deleted', raw);
  await deps.receipts.deleteMany({ userId: data.userId });
}

export const accountDeletionQueue = (queueSuffix: string) => `notify.user-deleted${queueSuffix}`;

export function accountDeletionConsumer(deps: SubscriptionDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: accountDeletionQueue(options.queueSuffix),
    eventTypes: ['user.deleted'],
    handle: (event) => forgetMemberReceipts(deps, event),
  };
}

/** The receipt as the membership.activated it was made from. */
function membershipOf(receipt: ReceiptDocument): MembershipActivatedV1 {
  return {
    paymentId: receipt._id,
    userId: receipt.userId,
    email: receipt.email,
    name: receipt.name,
    amount: receipt.amount,
    currency: receipt.currency,
    promoCode: receipt.promoCode,
    paymentIntentId: receipt.paymentIntentId,
    paidAt: receipt.paidAt.toISOString(),
    periodStart: receipt.periodStart.toISOString(),
    periodEnd: receipt.periodEnd.toISOString(),
    extended: receipt.extended ?? false,
  };
}

export const receiptResendQueue = (queueSuffix: string) => `notify.receipt-resend-requested${queueSuffix}`;

export function receiptResendConsumer(deps: SubscriptionDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: receiptResendQueue(options.queueSuffix),
    eventTypes: ['receipt.resend_requested'],
    handle: (event) => resendReceiptEmail(deps, event),
  };
}

export const subscriptionQueue = (queueSuffix: string) => `notify.membership-activated${queueSuffix}`;

export function subscriptionConsumer(deps: SubscriptionDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: subscriptionQueue(options.queueSuffix),
    eventTypes: ['membership.activated'],
    handle: (event) => sendSubscriptionEmail(deps, event),
  };
}

/**
 * POST /email/send-subscription-email, kept for the join flow, which calls it after a payment.
 * The email itself follows the payment's events, so this never sends: it says whether the email
 * of the caller's latest payment went out (200) or is on its way (202).
 */
export async function subscriptionEmailStatus(
  deps: Pick<SubscriptionDeps, 'receipts'>,
  callerId: string,
  userId: string,
): Promise<{ status: 200 | 202; message: string }> {
  if (userId !== callerId) throw forbidden();
  const latest = await deps.receipts.findOne({ userId }).sort({ paidAt: -1 }).select({ emailSentAt: 1 }).lean<Pick<ReceiptDocument, 'emailSentAt'>>();
  if (latest?.emailSentAt) return { status: 200, message: Messages.subscriptionEmailSent };
  return { status: 202, message: Messages.subscriptionEmailQueued };
}
