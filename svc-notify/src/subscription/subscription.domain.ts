import { Messages, parseEvent, type EventEnvelope } from '@altmed/contracts';
import { forbidden, type EventConsumer, type EventInbox, isDuplicateKeyError } from '@altmed/service-kit';
import type { Mailer } from '../mail/mailer';
import type { ReceiptDocument, ReceiptModel } from './receipt.model';
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
    });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  await deps.inbox.runOnce('subscription-email', data.paymentId, async () => {
    await deps.mailer.send(subscriptionEmail(data, deps.siteUrl));
    await deps.receipts.updateOne({ _id: data.paymentId }, { $set: { emailSentAt: new Date() } });
  });
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
