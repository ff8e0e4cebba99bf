import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer, EventInbox, Logger } from '@altmed/service-kit';
import type { ReceiptModel } from './receipt.model';

export interface AccountDeletionDeps {
  receipts: ReceiptModel;
  inbox: EventInbox;
  logger: Logger;
}

/** A member deleted their account: the receipts kept for their emails (name, email) go. Once per member, however often told. */
export async function forgetMember(deps: AccountDeletionDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('user.deleted', raw);
  // Keyed on the member, not the event: a member is forgotten once, however many user.deleted name them.
  await deps.inbox.runOnce('forget-member', data.userId, async () => {
    const receipts = await deps.receipts.deleteMany({ userId: data.userId });
    deps.logger.info({ userId: data.userId, receiptsRemoved: receipts.deletedCount }, 'a deleted member’s receipts forgotten');
  });
}

export const accountDeletionQueue = (queueSuffix: string) => `notify.user-deleted${queueSuffix}`;

export function accountDeletionConsumer(deps: AccountDeletionDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: accountDeletionQueue(options.queueSuffix),
    eventTypes: ['user.deleted'],
    handle: (event) => forgetMember(deps, event),
  };
}
