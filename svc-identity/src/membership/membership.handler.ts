import { parseEvent } from '@altmed/contracts';
import type { EventConsumer } from '@altmed/service-kit';
import { applyPaymentOnce, endRefundedMembershipOnce, type MembershipDeps } from './membership.domain';

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

export const membershipRefundQueue = (queueSuffix: string) => `identity.payment-refunded${queueSuffix}`;

/** Every payment.refunded takes its year back once. One at a time, like payments. */
export function membershipRefundConsumer(deps: MembershipDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: membershipRefundQueue(options.queueSuffix),
    eventTypes: ['payment.refunded'],
    prefetch: 1,
    handle: (raw) => endRefundedMembershipOnce(deps, parseEvent('payment.refunded', raw).data),
  };
}
