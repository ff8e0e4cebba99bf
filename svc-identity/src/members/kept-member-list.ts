import type { AdminMembersQuery, MemberFiguresResponse } from '@altmed/contracts';
import { KeptReadModel, idsNamedBy, type Logger, type ServiceMetrics } from '@altmed/service-kit';
import type { UserModel } from '../users/user.model';
import { LISTED_FIELDS, MemberList, type ListedRecord, type MemberListResult } from './member-list';

/** Records read at a time when every member is read. */
const READ_BATCH = 2_000;

/**
 * This instance's admin member list (a `KeptReadModel`, read after the service listens: logins and
 * token checks must not wait for an admin page's list; until it is read, the list answers 503), kept
 * current by sign-ups, memberships, blocks and the seed's member.changed.
 */
export class KeptMemberList {
  readonly kept: KeptReadModel<ListedRecord, MemberList>;

  constructor(users: UserModel, { logger, metrics }: { logger: Logger; metrics?: ServiceMetrics }) {
    this.kept = new KeptReadModel(
      {
        name: 'member-list',
        eventTypes: ['user.signed_up', 'membership.activated', 'member.changed'],
        idsOf: (event) => idsNamedBy(event, 'user'),
        readAll: () => users.find({ role: 'user' }).select(LISTED_FIELDS).lean<ListedRecord[]>().cursor({ batchSize: READ_BATCH }),
        readByIds: (ids) =>
          users
            .find({ _id: { $in: [...ids] } })
            .select(LISTED_FIELDS)
            .lean<ListedRecord[]>()
            .exec(),
        build: (records) => MemberList.of(records),
      },
      MemberList.empty(),
      { logger, metrics },
    );
  }

  find(query: AdminMembersQuery): MemberListResult {
    return this.kept.index.find(query);
  }

  endingBetween(from: number, to: number): ReturnType<MemberList['endingBetween']> {
    return this.kept.index.endingBetween(from, to);
  }

  figures(): MemberFiguresResponse {
    return this.kept.index.figures();
  }
}
