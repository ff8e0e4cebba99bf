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
import { hashResetToken } from '../password-reset/password-reset.domain';
import { hashPassword } from '../users/password';
import type { UserDocument } from '../users/user.model';
import { authResponse, type UsersDeps } from '../users/users.domain';
import type { InvitationDocument, InvitationModel } from './invitation.model';

const SOURCE = 'svc-identity';

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
      .find({ role: 'admin' })
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
    if (existing) await deps.invitations.updateOne({ _id: invitationId }, withEvents<InvitationDocument>({ $set: fields }, [event]));
    else await deps.invitations.create({ _id: invitationId, ...fields, ...outboxFieldsFor([event]) });
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
 * even used twice at the same moment), then the account is made; an email that has meanwhile got an
 * account leaves the link unused and answers 409.
 */
export async function acceptInvitation(deps: AdministratorsDeps, request: AcceptAdminInvitationRequest, now = new Date()): Promise<AuthResponse> {
  const passwordHash = await hashPassword(request.password);
  const invitation = await deps.invitations.findOneAndDelete({ tokenHash: hashResetToken(request.token), expiresAt: { $gt: now } }).lean<InvitationDocument>();
  if (!invitation) throw new AppError(400, AdministratorMessages.invitationInvalid);
  try {
    const user = await deps.users.create({ _id: randomUUID(), name: request.name, email: invitation.email, passwordHash, role: 'admin' });
    return await authResponse(deps, user.toObject());
  } catch (err) {
    if (isDuplicateKeyError(err)) throw conflict(AdministratorMessages.emailHasAccount);
    throw err;
  }
}

/**
 * Deletes an administrator account. Never the last: the account is deleted, then the administrators
 * left are counted, and if none is left it is put back (two removals of the last two at the same
 * moment both put theirs back and both answer 409).
 */
export async function removeAdministrator(deps: AdministratorsDeps, userId: string): Promise<void> {
  const removed = await deps.users.findOneAndDelete({ _id: userId, role: 'admin' }).lean<UserDocument>();
  if (!removed) throw notFound(AdministratorMessages.administratorNotFound);
  if ((await deps.users.countDocuments({ role: 'admin' })) === 0) {
    await deps.users.create(removed);
    throw conflict(AdministratorMessages.lastAdministrator);
  }
}
