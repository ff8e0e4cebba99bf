import { backOff } from 'exponential-backoff';
import type { AdminMembersQuery, EventEnvelope } from '@altmed/contracts';
import { EventFedReadModel, applyReadByIds, createEvent, readOwnWrite, settlesWithin, type EventBroker, type Logger } from '@altmed/service-kit';
import type { UserModel } from '../users/user.model';
import { LISTED_FIELDS, MemberList, type ListedRecord, type MemberListResult } from './member-list';

/** The event that tells every instance to read these members again; written with the change, through the outbox. */
export const memberChangedEvent = (userIds: string[]) => createEvent('member.changed', { userIds }, 'svc-identity');

/** The members an event names: sign-ups and memberships name one, member.changed several. */
function userIdsOf(event: EventEnvelope): string[] {
  const { userId, userIds } = event.data as { userId?: unknown; userIds?: unknown };
  if (Array.isArray(userIds)) return userIds.filter((id): id is string => typeof id === 'string');
  return typeof userId === 'string' ? [userId] : [];
}

/**
 * This instance's admin member list, kept current as `EventFedReadModel` tells (sign-ups,
 * memberships, blocks and the seed's member.changed). Unlike the providers' search, it is read after
 * the service starts listening: logins and token checks must not wait for an admin page's list
 * (tens of seconds at 100,000 members on the local database). Until it is read, the list answers 503.
 */
export class KeptMemberList {
  private list = new MemberList();
  private readonly kept: EventFedReadModel;
  private stopped = false;
  private markRead!: () => void;
  private readonly firstRead = new Promise<void>((resolve) => (this.markRead = resolve));

  constructor(users: UserModel, logger: Logger) {
    this.kept = new EventFedReadModel(
      {
        name: 'member-list',
        eventTypes: ['user.signed_up', 'membership.activated', 'member.changed'],
        idsOf: userIdsOf,
        readAll: async () => {
          this.list = MemberList.of(await users.find({ role: 'user' }).select(LISTED_FIELDS).lean<ListedRecord[]>());
          this.markRead();
          return this.list.size;
        },
        readByIds: async (ids) => {
          const records = await users
            .find({ _id: { $in: [...ids] } })
            .select(LISTED_FIELDS)
            .lean<ListedRecord[]>();
          applyReadByIds(this.list, ids, records);
        },
      },
      logger,
    );
  }

  /** Whether the list has been read within `waitMs`. */
  async isRead(waitMs: number): Promise<boolean> {
    return settlesWithin(
      this.firstRead.then(() => true),
      waitMs,
    ).then((read) => read === true);
  }

  find(query: AdminMembersQuery): MemberListResult {
    return this.list.find(query);
  }

  subscribe(broker: EventBroker): void {
    this.kept.subscribe(broker);
  }

  /** Reads every member in the background, again and again (up to every 30 s) until a read succeeds; until then the list answers 503. */
  readInBackground(logger: Logger): void {
    void backOff(() => this.kept.warmUp(), {
      numOfAttempts: Number.MAX_SAFE_INTEGER,
      startingDelay: 1_000,
      maxDelay: 30_000,
      retry: (err: unknown) => {
        if (this.stopped) return false;
        logger.warn({ err: String(err) }, 'member list not read; reading it again');
        return true;
      },
    }).catch(() => undefined);
  }

  /** After this instance wrote these members: its caller's next list shows the change. */
  written(userIds: readonly string[]): Promise<void> {
    return readOwnWrite(this.kept.refresh(userIds));
  }

  stop(): void {
    this.stopped = true;
    this.kept.stop();
  }
}
