import type { AdminMembersQuery, MemberFiguresResponse } from '@altmed/contracts';
import { BackgroundReadModel, applyReadByIds, createEvent, type Logger, idsNamedBy } from '@altmed/service-kit';
import type { UserModel } from '../users/user.model';
import { LISTED_FIELDS, MemberList, type ListedRecord, type MemberListResult } from './member-list';

/** The event that tells every instance to read these members again; written with the change, through the outbox. */
export const memberChangedEvent = (userIds: string[]) => createEvent('member.changed', { userIds }, 'svc-identity');

/**
 * This instance's admin member list, kept current by sign-ups, memberships, blocks and the seed's
 * member.changed. Read after the service starts listening: logins and token checks must not wait
 * for an admin page's list. Until it is read, the list answers 503.
 */
export class KeptMemberList extends BackgroundReadModel {
  private list = MemberList.of([]);

  constructor(users: UserModel, logger: Logger) {
    super(
      {
        name: 'member-list',
        eventTypes: ['user.signed_up', 'membership.activated', 'member.changed'],
        idsOf: (event) => idsNamedBy(event, 'user'),
        readAll: async () => {
          this.list = MemberList.of(await users.find({ role: 'user' }).select(LISTED_FIELDS).lean<ListedRecord[]>());
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

  find(query: AdminMembersQuery): MemberListResult {
    return this.list.find(query);
  }

  endingBetween(from: number, to: number): ReturnType<MemberList['endingBetween']> {
    return this.list.endingBetween(from, to);
  }

  figures(): MemberFiguresResponse {
    return this.list.figures();
  }
}
