import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import { withEvents, type EventConsumer, type EventInbox, type Logger } from '@altmed/service-kit';
import type { PaymentDocument, PaymentModel } from '../payments/payment.model';
import { paymentChangedEvent } from '../payments/payment-changed.event';

export interface AccountDeletionDeps {
  payments: PaymentModel;
  inbox: EventInbox;
  logger: Logger;
  onEventsWritten: () => void;
}

/**
 * A member deleted their account: their payments stay for the books (amounts, codes, dates,
 * refunds) without the name and email kept with them. The change rides on one payment's write as a
 * payment.changed naming them all, so every instance's order list reads them again.
 */
export async function forgetMember(deps: AccountDeletionDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('user.deleted', raw);
  // Keyed on the member, not the event: a member is forgotten once, however many user.deleted name them.
  await deps.inbox.runOnce('forget-member', data.userId, async () => {
    const payments = await deps.payments.find({ userId: data.userId }).select({ _id: 1 }).lean<Pick<PaymentDocument, '_id'>[]>();
    if (payments.length === 0) return;
    const ids = payments.map((payment) => payment._id);
    const memberDeletedAt = new Date(data.deletedAt);
    await deps.payments.updateMany({ userId: data.userId }, { $set: { memberDeletedAt }, $unset: { member: 1 } });
    await deps.payments.updateOne({ _id: ids[0] }, withEvents<PaymentDocument>({ $set: { memberDeletedAt } }, [paymentChangedEvent(ids)]));
    deps.onEventsWritten();
    deps.logger.info({ userId: data.userId, payments: ids.length }, 'a deleted member’s payments kept without their name and email');
  });
}

export const accountDeletionQueue = (queueSuffix: string) => `billing.user-deleted${queueSuffix}`;

export function accountDeletionConsumer(deps: AccountDeletionDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: accountDeletionQueue(options.queueSuffix),
    eventTypes: ['user.deleted'],
    handle: (event) => forgetMember(deps, event),
  };
}
