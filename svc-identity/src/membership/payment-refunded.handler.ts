import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer } from '@altmed/service-kit';
import { endRefundedMembership, type MembershipDeps } from './membership.domain';

/** A refunded payment takes its year back, once per payment however often the refund is delivered. */
export async function endRefundedMembershipOnce(deps: MembershipDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('payment.refunded', raw);
  // Keyed on the payment, not the event, for the reason payment.succeeded is (payment-succeeded.handler.ts).
  await deps.inbox.runOnce('membership-refund', data.paymentId, async () => {
    await endRefundedMembership(deps, data);
  });
}

export const membershipRefundQueue = (queueSuffix: string) => `identity.payment-refunded${queueSuffix}`;

/** One at a time, like payments. */
export function membershipRefundConsumer(deps: MembershipDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: membershipRefundQueue(options.queueSuffix),
    eventTypes: ['payment.refunded'],
    prefetch: 1,
    handle: (event) => endRefundedMembershipOnce(deps, event),
  };
}
