import { parseEvent, type EventEnvelope, type MembershipActivatedV1 } from '@altmed/contracts';
import type { EventConsumer } from '@altmed/service-kit';
import { isForgotten } from './forgotten-member.model';
import type { ReceiptDocument } from './receipt.model';
import { subscriptionEmail } from './subscription-email';
import type { SubscriptionDeps } from './subscription.domain';

/**
 * An admin's resend of a receipt: the stored receipt emailed again, once per request (one
 * receipt.resend_requested each). A receipt not stored yet (its membership.activated still on its
 * way) fails the delivery, which is tried again later.
 */
export async function resendReceiptEmail(deps: SubscriptionDeps, raw: EventEnvelope): Promise<void> {
  const event = parseEvent('receipt.resend_requested', raw);
  const { data } = event;
  // A deleted member's receipt is gone for good: nothing to resend, nothing to wait for.
  if (await isForgotten(deps.forgottenMembers, data.userId)) return;
  await deps.inbox.runOnce('receipt-resend', event.id, async () => {
    const receipt = await deps.receipts.findById(data.paymentId).lean<ReceiptDocument>();
    if (!receipt) throw new Error(`No receipt of payment ${data.paymentId} yet; the resend is tried again later`);
    // A Message-ID of its own: mail systems drop a second message with the first one's.
    await deps.mailer.send({ ...subscriptionEmail(membershipOf(receipt), deps.siteUrl), messageId: `<${data.requestId}.receipt-resend@altmed.local>` });
  });
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
