import {
  ADMIN_MEMBERS_PAGE_SIZE,
  MemberAdminMessages,
  type AccessTokenClaims,
  type AdminMember,
  type AdminMembersQuery,
  type AdminMembersResponse,
  type MemberAdminAction,
  type MemberFiguresResponse,
} from '@altmed/contracts';
import { AppError, notFound, withEvents } from '@altmed/service-kit';
import { membershipOf } from '../membership/membership.domain';
import type { AccountStatus, UserDocument, UserModel } from '../users/user.model';
import { accountStatusChangedEvent } from '../my-account/account-status-changed.event';
import type { KeptMemberList } from './kept-member-list';
import { memberChangedEvent } from './member-changed.event';
import { totalPagesOf } from './member-list';

export interface MembersAdminDeps {
  users: UserModel;
  memberList: KeptMemberList;
  onEventsWritten: () => void;
}

/** The admin list: members matching the search and state, newest sign-up first, from this instance's member list. */
export async function listMembersForAdmin(deps: MembersAdminDeps, query: AdminMembersQuery): Promise<AdminMembersResponse> {
  await deps.memberList.kept.whenRead(MemberAdminMessages.listLoading);
  const { members, counts, total } = deps.memberList.find(query);
  return { members, counts, total, page: query.page ?? 1, pageSize: ADMIN_MEMBERS_PAGE_SIZE, totalPages: totalPagesOf(total) };
}

export async function memberFigures(deps: MembersAdminDeps): Promise<MemberFiguresResponse> {
  await deps.memberList.kept.whenRead(MemberAdminMessages.listLoading);
  return deps.memberList.figures();
}

type MemberRecord = Pick<UserDocument, '_id' | 'name' | 'email' | 'status' | 'contactInfo' | 'membershipEndsAt' | 'statusHistory' | 'createdAt'>;
const MEMBER_FIELDS = { _id: 1, name: 1, email: 1, status: 1, contactInfo: 1, membershipEndsAt: 1, statusHistory: 1, createdAt: 1 } as const;

function adminMemberView(user: MemberRecord): AdminMember {
  return {
    id: user._id,
    name: user.name,
    email: user.email,
    status: user.status === 'blocked' ? 'blocked' : 'active',
    membership: membershipOf(user),
    joinedAt: user.createdAt.toISOString(),
    contactInfo: {
      phone: user.contactInfo?.phone ?? '',
      address: user.contactInfo?.address ?? '',
      specialties: [...(user.contactInfo?.specialties ?? [])],
    },
    statusHistory: (user.statusHistory ?? []).map((change) => ({ action: change.action, by: change.by.email, at: change.at.toISOString() })),
  };
}

async function findMember(deps: MembersAdminDeps, userId: string): Promise<MemberRecord> {
  const user = await deps.users.findOne({ _id: userId, role: 'user' }).select(MEMBER_FIELDS).lean<MemberRecord>();
  if (!user || user.status === 'deleted') throw notFound(MemberAdminMessages.memberNotFound);
  return user;
}

export async function getMemberForAdmin(deps: MembersAdminDeps, userId: string): Promise<{ member: AdminMember }> {
  return { member: adminMemberView(await findMember(deps, userId)) };
}

const transitions: Record<MemberAdminAction, { from: AccountStatus; to: AccountStatus; refused: string }> = {
  block: { from: 'active', to: 'blocked', refused: MemberAdminMessages.alreadyBlocked },
  unblock: { from: 'blocked', to: 'active', refused: MemberAdminMessages.notBlocked },
};

/**
 * Blocks or unblocks a member: the status, the audit entry and member.changed are one write, made
 * only if the status is still the one the action starts from (a second admin at the same moment
 * gets 409). A blocked member cannot log in, and every service refuses their tokens at once
 * (account.status_changed drops what each instance kept); those tokens stay refused after an unblock.
 */
export async function changeMemberStatus(
  deps: MembersAdminDeps,
  userId: string,
  action: MemberAdminAction,
  admin: AccessTokenClaims,
): Promise<{ member: AdminMember }> {
  const member = await findMember(deps, userId);
  const transition = transitions[action];
  if ((member.status ?? 'active') !== transition.from) throw new AppError(409, transition.refused);
  const change = { action, by: { id: admin.sub, email: admin.email }, at: new Date() };
  const result = await deps.users.updateOne(
    { _id: userId, role: 'user', status: transition.from },
    withEvents<UserDocument>(
      // A block also ends every session: an unblocked member logs in again, and no token from before the block comes back to life.
      { $set: { status: transition.to }, $push: { statusHistory: change }, ...(action === 'block' ? { $inc: { sessionVersion: 1 } } : {}) },
      [accountStatusChangedEvent(userId, transition.to, change.at), memberChangedEvent([userId])],
    ),
  );
  if (result.modifiedCount !== 1) throw new AppError(409, transition.refused);
  deps.onEventsWritten();
  await deps.memberList.kept.written([userId]);
  return getMemberForAdmin(deps, userId);
}
