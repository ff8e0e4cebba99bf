import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import { isDuplicateKeyError, type EventConsumer } from '@altmed/service-kit';
import { isForgotten } from './forgotten-member.model';
import { subscriptionEmail } from './subscription-email';
import type { SubscriptionDeps } from './subscription.domain';

/**
 * One subscription email per payment, with its receipt stored under the payment's id, however often
 * the event arrives; none for a member who deleted their account, whenever the event comes.
 */
export async function sendSubscriptionEmail(deps: SubscriptionDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('membership.activated', raw);
  if (await isForgotten(deps.forgottenMembers, data.userId)) return;
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
  // Forgotten meanwhile: the deletion may have removed the member's receipts before this one was written.
  if (await isForgotten(deps.forgottenMembers, data.userId)) {
    await deps.receipts.deleteOne({ _id: data.paymentId });
    return;
  }
  // Keyed on the payment, not the event: one receipt email per payment, whatever event announces it.
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
