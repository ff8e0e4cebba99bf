import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Messages, PASSWORD_RESET_TTL_MINUTES, type ForgotPasswordRequest, type ResetPasswordRequest } from '@altmed/contracts';
import { AppError, createEvent, withEvents } from '@altmed/service-kit';
import { hashPassword } from '../users/password';
import type { UserDocument } from '../users/user.model';
import { isActive, type UsersDeps } from '../users/users.domain';

const SOURCE = 'svc-identity';

/** Only the hash of a link's token is stored: the database alone never opens an account. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Starts a password reset: for an active account, a new single-use link (replacing any earlier
 * one) and its `user.password_reset_requested` event, in one write. An unknown or blocked email does
 * nothing, and the caller answers the same either way. Every request counts against the email's
 * hourly limit first, known or not.
 */
export async function requestPasswordReset(deps: UsersDeps, request: ForgotPasswordRequest, now = new Date()): Promise<void> {
  await deps.loginLimits.countResetRequest(request.email);
  const user = await deps.users
    .findOne({ email: request.email })
    .select({ name: 1, email: 1, status: 1 })
    .lean<Pick<UserDocument, '_id' | 'name' | 'email' | 'status'>>();
  if (!user || !isActive(user)) return;
  const token = randomBytes(32).toString('base64url');
  const resetId = randomUUID();
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
  const event = createEvent(
    'user.password_reset_requested',
    { userId: user._id, name: user.name, email: user.email, resetId, token, expiresAt: expiresAt.toISOString() },
    SOURCE,
  );
  await deps.users.updateOne(
    { _id: user._id, status: 'active' },
    withEvents<UserDocument>({ $set: { passwordReset: { id: resetId, tokenHash: hashResetToken(token), expiresAt } } }, [event]),
  );
  deps.onEventsWritten();
}

/**
 * Sets a new password with a link's token: only the latest link, unused, within its hour, of an
 * active account. One conditional write takes the link away, so it works once even when used twice
 * at the same moment; the session version moves on, so every token issued before stops working.
 */
export async function resetPassword(deps: UsersDeps, request: ResetPasswordRequest, now = new Date()): Promise<void> {
  const tokenHash = hashResetToken(request.token);
  const passwordHash = await hashPassword(request.password);
  const user = await deps.users
    .findOneAndUpdate(
      { 'passwordReset.tokenHash': tokenHash, 'passwordReset.expiresAt': { $gt: now }, status: 'active' },
      { $set: { passwordHash }, $unset: { passwordReset: 1 }, $inc: { sessionVersion: 1 } },
    )
    // (No projection: FerretDB's findAndModify has none.)
    .lean<Pick<UserDocument, 'email'>>();
  if (!user) throw new AppError(400, Messages.resetLinkInvalid);
  // A forgotten password often follows failed logins: the new one works at once.
  await deps.loginLimits.clearAccount(user.email);
}
