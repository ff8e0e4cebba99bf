import { Messages, type AuthResponse, type ProviderAccountRequest, type ProviderAccountUpdate } from '@altmed/contracts';
import { conflict, notFound, isDuplicateKeyError } from '@altmed/service-kit';
import { hashPassword } from '../users/password';
import type { UserDocument } from '../users/user.model';
import { authResponse, type UsersDeps } from '../users/users.domain';

/**
 * The login of a provider record, asked for by svc-providers at the portal's step 1. The account's
 * id is the provider id, so a second call for the same provider (a retry) finds the account made
 * by the first and answers it: creating is idempotent without another index. An email that
 * another account holds is a 409. Providers get no user.signed_up event: their welcome follows
 * provider.registered, once the portal is complete.
 */
export async function ensureProviderAccount(
  deps: UsersDeps,
  providerId: string,
  request: ProviderAccountRequest,
): Promise<{ created: boolean; response: AuthResponse }> {
  const existing = await deps.users.findById(providerId).lean<UserDocument>();
  if (existing) {
    if (existing.role !== 'provider' || existing.providerId !== providerId) throw conflict(Messages.emailTaken);
    return { created: false, response: await authResponse(deps, existing) };
  }
  try {
    const user = await deps.users.create({
      _id: providerId,
      name: request.name,
      email: request.email,
      passwordHash: await hashPassword(request.password),
      role: 'provider',
      providerId,
    });
    return { created: true, response: await authResponse(deps, user.toObject()) };
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    // Either the email is taken, or a concurrent call for this provider won the race.
    const raced = await deps.users.findById(providerId).lean<UserDocument>();
    if (raced?.role === 'provider' && raced.providerId === providerId) return { created: false, response: await authResponse(deps, raced) };
    throw conflict(Messages.emailTaken);
  }
}

/** The provider's login email follows its record's. */
export async function updateProviderAccount(deps: UsersDeps, providerId: string, update: ProviderAccountUpdate): Promise<void> {
  try {
    const result = await deps.users.updateOne({ _id: providerId, role: 'provider', providerId }, { $set: { email: update.email } });
    if (result.matchedCount === 0) throw notFound();
  } catch (err) {
    if (isDuplicateKeyError(err)) throw conflict(Messages.emailTaken);
    throw err;
  }
}

/** Removes a provider's login (undoing a step 1 whose provider record could not be kept). Idempotent. */
export async function deleteProviderAccount(deps: UsersDeps, providerId: string): Promise<void> {
  await deps.users.deleteOne({ _id: providerId, role: 'provider', providerId });
}
