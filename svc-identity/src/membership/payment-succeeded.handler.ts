import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer } from '@altmed/service-kit';
import { applyPayment, type MembershipDeps } from './membership.domain';

/** Turns a payment into a year of membership, once per payment however often it is delivered. */
export async function applyPaymentOnce(deps: MembershipDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('payment.succeeded', raw);
  // Keyed on the payment, not the event: the claim on it (an insert, atomic even on FerretDB, whose
  // conditional updates are not) admits one worker per payment, however many events announce it;
  // the payment ids kept on the user guard the write itself.
  await deps.inbox.runOnce('membership', data.paymentId, async () => {
    await applyPayment(deps, data);
  });
}

export const membershipQueue = (queueSuffix: string) => `identity.payment-succeeded${queueSuffix}`;

/** One event at a time, so a member's payments are applied one after the other. */
export function membershipConsumer(deps: MembershipDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: membershipQueue(options.queueSuffix),
    eventTypes: ['payment.succeeded'],
    prefetch: 1,
    handle: (event) => applyPaymentOnce(deps, event),
  };
}
