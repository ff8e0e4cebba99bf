import { randomBytes, randomUUID } from 'node:crypto';
import {
  ADMIN_INVITATION_TTL_HOURS,
  AdministratorMessages,
  type AcceptAdminInvitationRequest,
  type AccessTokenClaims,
  type AdminInvitation,
  type AdminInvitationRequest,
  type AdministratorsResponse,
  type AuthResponse,
} from '@altmed/contracts';
import { AppError, conflict, createEvent, isDuplicateKeyError, notFound, outboxFieldsFor, withEvents } from '@altmed/service-kit';
import { accountStatusChangedEvent } from '../my-account/account-status-changed.event';
import { hashResetToken } from '../password-reset/password-reset.domain';
import { hashPassword } from '../users/password';
import { tombstoneUpdate } from '../users/tombstone';
import { ADMINISTRATOR, type UserDocument } from '../users/user.model';
import { authResponse, type UsersDeps } from '../users/users.domain';
import type { InvitationDocument, InvitationModel } from './invitation.model';

const SOURCE = 'svc-identity';
/** The name a removed administrator's tombstone keeps (it is shown nowhere). */
const REMOVED_ADMINISTRATOR_NAME = 'Removed administrator';

export interface AdministratorsDeps extends UsersDeps {
  invitations: InvitationModel;
}

function invitationView(invitation: Pick<InvitationDocument, '_id' | 'email' | 'invitedBy' | 'invitedAt' | 'expiresAt'>): AdminInvitation {
  return {
    id: invitation._id,
    email: invitation.email,
    invitedBy: invitation.invitedBy.email,
    invitedAt: invitation.invitedAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** Every administrator, oldest first, and the invitations still open, newest first. */
export async function listAdministrators(deps: AdministratorsDeps, now = new Date()): Promise<AdministratorsResponse> {
  const [administrators, invitations] = await Promise.all([
    deps.users
      .find(ADMINISTRATOR)
      .sort({ createdAt: 1 })
      .select({ name: 1, email: 1, createdAt: 1 })
      .lean<Pick<UserDocument, '_id' | 'name' | 'email' | 'createdAt'>[]>(),
    deps.invitations
      .find({ expiresAt: { $gt: now } })
      .sort({ expiresAt: -1 })
      .lean<InvitationDocument[]>(),
  ]);
  return {
    administrators: administrators.map((admin) => ({ id: admin._id, name: admin.name, email: admin.email, since: admin.createdAt.toISOString() })),
    invitations: invitations.map(invitationView),
  };
}

/**
 * Invites an email to become an administrator: a new single-use link (replacing an earlier one to
 * the same email) and its admin.invited event, in one write. An email that has an account gets 409:
 * a member is not made an administrator by an email link.
 */
export async function inviteAdministrator(
  deps: AdministratorsDeps,
  request: AdminInvitationRequest,
  admin: AccessTokenClaims,
  now = new Date(),
): Promise<{ invitation: AdminInvitation }> {
  if (await deps.users.exists({ email: request.email })) throw conflict(AdministratorMessages.emailHasAccount);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ADMIN_INVITATION_TTL_HOURS * 3600_000);
  const invitedBy = { id: admin.sub, email: admin.email };
  const existing = await deps.invitations.findOne({ email: request.email }).select({ _id: 1 }).lean<Pick<InvitationDocument, '_id'>>();
  const invitationId = existing?._id ?? randomUUID();
  const event = createEvent(
    'admin.invited',
    { sendId: randomUUID(), invitationId, email: request.email, token, invitedBy, expiresAt: expiresAt.toISOString() },
    SOURCE,
  );
  const fields = { email: request.email, tokenHash: hashResetToken(token), expiresAt, invitedBy, invitedAt: now };
  try {
    const replaced = existing
      ? (await deps.invitations.updateOne({ _id: invitationId }, withEvents<InvitationDocument>({ $set: fields }, [event]))).matchedCount === 1
      : false;
    // Not there (yet, or any more: accepted or revoked since it was read): a new invitation.
    if (!replaced) await deps.invitations.create({ _id: invitationId, ...fields, ...outboxFieldsFor([event]) });
  } catch (err) {
    // Two first invitations of the same email at the same moment: the other one stands.
    if (isDuplicateKeyError(err)) throw conflict(AdministratorMessages.invitationAlreadySent);
    throw err;
  }
  deps.onEventsWritten();
  return { invitation: invitationView({ _id: invitationId, ...fields }) };
}

/**
 * Makes the invited email an administrator: the link is taken away in one write (so it works once,
 * even used twice at the same moment), then the account is made. If that fails (an email that has
 * meanwhile got an account answers 409), the invitation is put back, so the link still works.
 */
export async function acceptInvitation(deps: AdministratorsDeps, request: AcceptAdminInvitationRequest, now = new Date()): Promise<AuthResponse> {
  const passwordHash = await hashPassword(request.password);
  const invitation = await deps.invitations.findOneAndDelete({ tokenHash: hashResetToken(request.token), expiresAt: { $gt: now } }).lean<InvitationDocument>();
  if (!invitation) throw new AppError(400, AdministratorMessages.invitationInvalid);
  let user: UserDocument;
  try {
    user = (await deps.users.create({ _id: randomUUID(), name: request.name, email: invitation.email, passwordHash, role: 'admin' })).toObject();
  } catch (err) {
    await deps.invitations.create(invitation);
    if (isDuplicateKeyError(err)) throw conflict(AdministratorMessages.emailHasAccount);
    throw err;
  }
  return authResponse(deps, user);
}

/**
 * Removes an administrator, and the invitations it sent (a removed administrator's invitation must
 * not let them back in). Never the last: the account is first marked as being removed, in one
 * conditional write, and the administrators not so marked are counted; with none left the mark is
 * taken off and the answer is 409 (two removals of the last two at the same moment both answer 409).
 * A crash between leaves a marked administrator, who still works as one. The account becomes a
 * tombstone as a deleted member's does, and account.status_changed leaves in the same write, so
 * every service refuses its tokens within a second.
 */
export async function removeAdministrator(deps: AdministratorsDeps, userId: string, now = new Date()): Promise<void> {
  const marked = await deps.users.updateOne({ _id: userId, ...ADMINISTRATOR, removingSince: { $exists: false } }, { $set: { removingSince: now } });
  if (marked.matchedCount !== 1) throw notFound(AdministratorMessages.administratorNotFound);
  const administrators = await deps.users.find(ADMINISTRATOR).select({ removingSince: 1 }).lean<Pick<UserDocument, '_id' | 'removingSince'>[]>();
  if (!administrators.some((admin) => !admin.removingSince)) {
    await deps.users.updateOne({ _id: userId }, { $unset: { removingSince: 1 } });
    throw conflict(AdministratorMessages.lastAdministrator);
  }
  const removed = await deps.users.updateOne(
    { _id: userId, ...ADMINISTRATOR },
    await tombstoneUpdate(userId, REMOVED_ADMINISTRATOR_NAME, now, [accountStatusChangedEvent(userId, 'deleted', now)]),
  );
  if (removed.modifiedCount === 1) deps.onEventsWritten();
  await deps.invitations.deleteMany({ 'invitedBy.id': userId });
}

/** Takes an open invitation back: its link stops working. */
export async function revokeInvitation(deps: AdministratorsDeps, invitationId: string): Promise<void> {
  const { deletedCount } = await deps.invitations.deleteOne({ _id: invitationId });
  if (deletedCount !== 1) throw notFound(AdministratorMessages.invitationNotFound);
}
