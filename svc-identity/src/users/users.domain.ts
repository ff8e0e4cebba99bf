import { randomUUID } from 'node:crypto';
import {
  Messages,
  ProviderMessages,
  type AccessTokenClaims,
  type AuthResponse,
  type ChangePasswordRequest,
  type LoginRequest,
  type PublicUser,
  type SignupRequest,
} from '@altmed/contracts';
import { AppError, badRequest, conflict, createEvent, forbidden, outboxFieldsFor, unauthorized, isDuplicateKeyError } from '@altmed/service-kit';
import { membershipOf } from '../membership/membership.domain';
import type { TokenSettings } from '../tokens/tokens';
import { issueAccessToken } from '../tokens/tokens';
import type { LoginLimits } from './login-limits';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password';
import { ADMINISTRATOR, type UserDocument, type UserModel } from './user.model';

const SOURCE = 'svc-identity';
export interface UsersDeps {
  users: UserModel;
  tokens: TokenSettings;
  loginLimits: LoginLimits;
  /** Called after a write that carries events, so the relay publishes without waiting a poll. */
  onEventsWritten: () => void;
}

export function toPublicUser(user: Pick<UserDocument, '_id' | 'name' | 'email' | 'role' | 'providerId' | 'contactInfo' | 'membershipEndsAt'>): PublicUser {
  return {
    id: user._id,
    name: user.name,
    email: user.email,
    role: user.role,
    isAdmin: user.role === 'admin',
    ...(user.providerId ? { providerId: user.providerId } : {}),
    contactInfo: {
      phone: user.contactInfo?.phone ?? '',
      address: user.contactInfo?.address ?? '',
      specialties: [...(user.contactInfo?.specialties ?? [])],
    },
    membership: membershipOf(user),
  };
}

export async function authResponse(deps: UsersDeps, user: UserDocument): Promise<AuthResponse> {
  const publicUser = toPublicUser(user);
  const token = await issueAccessToken(deps.tokens, {
    sub: publicUser.id,
    role: publicUser.role,
    name: publicUser.name,
    email: publicUser.email,
    ...(publicUser.providerId ? { providerId: publicUser.providerId } : {}),
    sessionVersion: user.sessionVersion ?? 0,
  });
  return { token, user: publicUser };
}

/** Creates a member account (role `user`, never chosen by the client) and its user.signed_up event in one write. */
export async function signUp(deps: UsersDeps, request: SignupRequest): Promise<AuthResponse> {
  const id = randomUUID();
  const event = createEvent('user.signed_up', { userId: id, name: request.name, email: request.email, role: 'user' }, SOURCE);
  try {
    const user = await deps.users.create({
      _id: id,
      name: request.name,
      email: request.email,
      passwordHash: await hashPassword(request.password),
      role: 'user',
      contactInfo: request.contactInfo,
      ...outboxFieldsFor([event]),
    });
    deps.onEventsWritten();
    return authResponse(deps, user.toObject());
  } catch (err) {
    if (isDuplicateKeyError(err)) throw conflict(Messages.emailTaken);
    throw err;
  }
}

export const isActive = (user: Pick<UserDocument, 'status'>) => user.status === 'active';

/**
 * Same answer and the same work whether the email is unknown or the password wrong, for a blocked
 * account too; only the right password of a blocked account is told it is blocked (403), so no one
 * else learns whether an address has an account. Every attempt counts against the email's limit
 * first; a success clears it.
 */
export async function logIn(deps: UsersDeps, request: LoginRequest): Promise<AuthResponse> {
  await deps.loginLimits.countAccountAttempt(request.email);
  const user = await deps.users.findOne({ email: request.email }).lean<UserDocument>();
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), request.password);
  if (user && valid && user.status === 'blocked') throw forbidden(Messages.accountBlocked);
  if (!user || !valid || !isActive(user)) throw new AppError(401, Messages.invalidCredentials);
  await deps.loginLimits.clearAccount(request.email);
  return authResponse(deps, user);
}

const isCurrentSession = (user: Pick<UserDocument, 'status' | 'sessionVersion'>, sessionVersion: number) =>
  isActive(user) && (user.sessionVersion ?? 0) === sessionVersion;

/**
 * Whether the account still exists, is not blocked and the token's session version is current (no
 * password reset since it was issued): the status behind requireAuth's activeAccount.
 */
export async function isAccountActive(deps: UsersDeps, userId: string, sessionVersion: number): Promise<boolean> {
  const user = await deps.users.findById(userId).select({ status: 1, sessionVersion: 1 }).lean<Pick<UserDocument, 'status' | 'sessionVersion'>>();
  return user !== null && isCurrentSession(user, sessionVersion);
}

/**
 * The token's own record, while its account is active and the token's session current: the check
 * behind requireAuth's activeAccount and the read in one query, for the routes that read the record anyway.
 */
export async function activeUserOf(deps: UsersDeps, claims: AccessTokenClaims): Promise<UserDocument> {
  const user = await deps.users.findById(claims.sub).lean<UserDocument>();
  if (!user || !isCurrentSession(user, claims.sessionVersion ?? 0)) throw unauthorized();
  return user;
}

export async function getUser(deps: UsersDeps, claims: AccessTokenClaims): Promise<PublicUser> {
  return toPublicUser(await activeUserOf(deps, claims));
}

/**
 * The caller changes its own password, proving the current one. Wrong guesses count against the
 * account's login limit, so this is no way around it.
 */
export async function changePassword(deps: UsersDeps, userId: string, request: ChangePasswordRequest): Promise<void> {
  const user = await deps.users.findById(userId).lean<UserDocument>();
  if (!user || !isActive(user)) throw unauthorized();
  await deps.loginLimits.countAccountAttempt(user.email);
  if (!(await verifyPassword(user.passwordHash, request.currentPassword))) throw badRequest(ProviderMessages.currentPasswordWrong);
  await deps.loginLimits.clearAccount(user.email);
  await deps.users.updateOne({ _id: userId }, { $set: { passwordHash: await hashPassword(request.newPassword) } });
}

/**
 * Creates the configured administrator while the site has none (the first start, or every
 * administrator gone); with one, or once Admin Settings removed this one, it is left alone. 'not-admin'
 * means a member account holds that email: no administrator is created then.
 */
export async function ensureAdmin(deps: UsersDeps, admin: { email: string; password: string }): Promise<'created' | 'exists' | 'not-admin'> {
  const email = admin.email.trim().toLowerCase();
  const existing = await deps.users.findOne({ email }).select({ role: 1 }).lean<Pick<UserDocument, 'role'>>();
  if (existing) return existing.role === 'admin' ? 'exists' : 'not-admin';
  if (await deps.users.exists(ADMINISTRATOR)) return 'exists';
  try {
    await deps.users.create({
      _id: randomUUID(),
      name: 'Administrator',
      email,
      passwordHash: await hashPassword(admin.password),
      role: 'admin',
    });
    return 'created';
  } catch (err) {
    if (isDuplicateKeyError(err)) return 'exists';
    throw err;
  }
}
