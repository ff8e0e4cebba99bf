import { FORMER_MEMBER_NAME, parseEvent, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer, EventInbox, Logger } from '@altmed/service-kit';
import type { ReviewModel } from '../reviews/review.model';
import type { SavedProviderModel } from '../saved/saved-provider.model';

export interface AccountDeletionDeps {
  reviews: ReviewModel;
  savedProviders: SavedProviderModel;
  inbox: EventInbox;
  logger: Logger;
}

/**
 * A member deleted their account: their saved providers go; their reviews stay for other members,
 * shown as "Former member" and no longer tied to the account. Once per deletion, however often told.
 */
export async function forgetMember(deps: AccountDeletionDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('user.deleted', raw);
  // Keyed on the member, not the event: a member is forgotten once, however many user.deleted name them.
  await deps.inbox.runOnce('forget-member', data.userId, async () => {
    const [saved, reviews] = await Promise.all([
      deps.savedProviders.deleteMany({ userId: data.userId }),
      deps.reviews.updateMany({ userId: data.userId }, { $set: { clientName: FORMER_MEMBER_NAME }, $unset: { userId: 1 } }),
    ]);
    deps.logger.info({ userId: data.userId, savedRemoved: saved.deletedCount, reviewsKept: reviews.modifiedCount }, 'a deleted member’s activity forgotten');
  });
}

export const accountDeletionQueue = (queueSuffix: string) => `providers.user-deleted${queueSuffix}`;

export function accountDeletionConsumer(deps: AccountDeletionDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: accountDeletionQueue(options.queueSuffix),
    eventTypes: ['user.deleted'],
    handle: (event) => forgetMember(deps, event),
  };
}
