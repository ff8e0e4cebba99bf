import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer, EventInbox, Logger } from '@altmed/service-kit';
import { forgetSender, type ForgetSenderDeps } from '../support/support.domain';
import type { ForgottenMemberModel } from './forgotten-member.model';
import type { ReceiptModel } from './receipt.model';

export interface AccountDeletionDeps {
  receipts: ReceiptModel;
  forgottenMembers: ForgottenMemberModel;
  support: ForgetSenderDeps;
  inbox: EventInbox;
  logger: Logger;
}

/**
 * A member deleted their account: they are remembered as forgotten (so no receipt is written for
 * them afterwards), and their receipts (name, email) and Contact messages go. Once per member,
 * however often told.
 */
export async function forgetMember(deps: AccountDeletionDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('user.deleted', raw);
  // Keyed on the member, not the event: a member is forgotten once, however many user.deleted name them.
  await deps.inbox.runOnce('forget-member', data.userId, async () => {
    // First: a receipt written from here on is taken back by its writer (membership-activated.handler.ts).
    await deps.forgottenMembers.updateOne({ _id: data.userId }, { $setOnInsert: { forgottenAt: new Date() } }, { upsert: true });
    const receipts = await deps.receipts.deleteMany({ userId: data.userId });
    const messagesRemoved = await forgetSender(deps.support, { userId: data.userId, email: data.email });
    deps.logger.info(
      { userId: data.userId, receiptsRemoved: receipts.deletedCount, messagesRemoved },
      'a deleted member’s receipts and Contact messages forgotten',
    );
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
