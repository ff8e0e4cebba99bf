import { parseEvent } from '@altmed/contracts';
import type { EventConsumer } from '@altmed/service-kit';
import { applyPaymentOnce, type MembershipDeps } from './membership.domain';

export const membershipQueue = (queueSuffix: string) => `identity.payment-succeeded${queueSuffix}`;

/** Every payment.succeeded becomes membership time once. One event at a time, so a member's payments are applied one after the other. */
export function membershipConsumer(deps: MembershipDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: membershipQueue(options.queueSuffix),
    eventTypes: ['payment.succeeded'],
    prefetch: 1,
    handle: (raw) => applyPaymentOnce(deps, parseEvent('payment.succeeded', raw).data),
  };
}
