import { AccountMessages, FORMER_MEMBER_NAME, type AccessTokenClaims, type DeleteAccountRequest, type MyAccountData } from '@altmed/contracts';
import { badRequest, createEvent, unauthorized } from '@altmed/service-kit';
import type { KeptMemberList } from '../members/kept-member-list';
import { memberChangedEvent } from '../members/member-changed.event';
import { accountStatusChangedEvent } from './account-status-changed.event';
import { membershipOf } from '../membership/membership.domain';
import { verifyPassword } from '../users/password';
import { tombstoneUpdate } from '../users/tombstone';
import type { UserDocument } from '../users/user.model';
import { activeUserOf, isActive, type UsersDeps } from '../users/users.domain';

export interface MyAccountDeps extends UsersDeps {
  memberList: KeptMemberList;
}

async function activeAccount(deps: UsersDeps, userId: string): Promise<UserDocument> {
  const user = await deps.users.findById(userId).lean<UserDocument>();
  if (!user || !isActive(user)) throw unauthorized();
  return user;
}

/** Download my data: the account as identity holds it, while the token's account is active and its session current. */
export async function myAccountData(deps: UsersDeps, claims: AccessTokenClaims): Promise<MyAccountData> {
  const user = await activeUserOf(deps, claims);
  return {
    account: {
      id: user._id,
      name: user.name,
      email: user.email,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
      contactInfo: { phone: user.contactInfo?.phone ?? '', address: user.contactInfo?.address ?? '', specialties: user.contactInfo?.specialties ?? [] },
      membership: membershipOf(user),
    },
  };
}

/**
 * A member deletes their account, proving the password (wrong guesses count against the login
 * limit). The record stays as a tombstone without name, email, password or contact details, so the
 * id is never reused and user.deleted leaves in the same write; the email is free for a new
 * account, and the session version moves on, so every token stops working (account.status_changed
 * tells every service at once). The events still waiting in the record's outbox (a reminder, a
 * reset link, a receipt) are dropped in that write: nothing more is sent to the person.
 */
export async function deleteOwnAccount(deps: MyAccountDeps, userId: string, request: DeleteAccountRequest): Promise<void> {
  const user = await activeAccount(deps, userId);
  await deps.loginLimits.countAccountAttempt(user.email);
  if (!(await verifyPassword(user.passwordHash, request.password))) throw badRequest(AccountMessages.passwordWrong);
  const deletedAt = new Date();
  const events = [
    accountStatusChangedEvent(userId, 'deleted', deletedAt),
    createEvent('user.deleted', { userId, deletedAt: deletedAt.toISOString(), email: user.email }, 'svc-identity'),
    memberChangedEvent([userId]),
  ];
  const deleted = await deps.users.updateOne({ _id: userId, status: user.status }, await tombstoneUpdate(userId, FORMER_MEMBER_NAME, deletedAt, events));
  if (deleted.modifiedCount !== 1) throw unauthorized();
  deps.onEventsWritten();
  await deps.loginLimits.clearAccount(user.email);
  await deps.memberList.kept.written([userId]);
}
