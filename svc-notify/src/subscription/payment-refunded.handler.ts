import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer } from '@altmed/service-kit';
import { refundEmail } from './refund-email';
import type { SubscriptionDeps } from './subscription.domain';

/** A paid membership refunded: one email per payment, to the member the payment names (none once they deleted their account). */
export async function sendRefundEmail(deps: SubscriptionDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('payment.refunded', raw);
  const { member } = data;
  if (!member) return;
  // Keyed on the payment, not the event: a payment is refunded once, so its member gets one email, whatever event announces it.
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
