import { randomUUID } from 'node:crypto';
import type { ProviderSignupResponse, providerSignupSchema } from '@altmed/contracts';
import { AppError, badRequest, isDuplicateKeyError, tooManyRequests, withEvents } from '@altmed/service-kit';
import type { z } from 'zod';
import { EmailTakenError, IdentityRefusedError, TooManyAttemptsError } from '../accounts/identity-accounts';
import { emailTakenError, throwIfDuplicate } from './duplicates';
import { providerChangedEvent } from './provider-changed.event';
import { NO_REVIEWS, type ProviderDocument } from './provider.model';
import { providerView, type ProvidersDeps } from './providers.domain';

/**
 * Undoes a step 1 that did not finish: the login first (when it may exist), then the record. If
 * the login cannot be removed now, the record stays `creating` and the sweep removes both later.
 */
async function discardSignup(deps: ProvidersDeps, providerId: string, loginMayExist: boolean): Promise<void> {
  try {
    if (loginMayExist) await deps.accounts.remove(providerId);
    await deps.providers.deleteOne({ _id: providerId, accountState: 'creating' });
  } catch (err) {
    deps.logger.warn({ providerId, err: String(err) }, 'unfinished provider sign-up not removed yet; the sweep will');
  }
}

/**
 * Step 1 (POST /provider-info): the provider record and its login in svc-identity, as one logical
 * step without transactions. The record is written first in state `creating` (its unique email
 * and NPI indexes hold both against a concurrent sign-up), then identity makes the login (by the
 * provider id, so a retry finds it), then the record becomes `active`. If a half fails, the other
 * is removed; a process dying in between leaves a `creating` record that `sweepUnfinishedSignups`
 * removes with its login.
 */
export async function signUpProvider(
  deps: ProvidersDeps,
  signup: z.infer<typeof providerSignupSchema>,
  clientAddress: string | undefined,
): Promise<ProviderSignupResponse> {
  const { password, confirmPassword: _confirm, ...fields } = signup;
  await throwIfDuplicate(deps, fields);
  const providerId = randomUUID();
  try {
    await deps.providers.create({ _id: providerId, accountState: 'creating', ...fields, reviewStats: NO_REVIEWS });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    await throwIfDuplicate(deps, fields);
    throw badRequest('Provider with this information already exists');
  }

  let login;
  try {
    login = await deps.accounts.ensure(providerId, { name: fields.providerName, email: fields.email, password }, clientAddress);
  } catch (err) {
    const refused = err instanceof EmailTakenError || err instanceof IdentityRefusedError || err instanceof TooManyAttemptsError;
    // An unknown outcome (a timeout, a 5xx) may still have made the login: remove it too.
    await discardSignup(deps, providerId, !refused);
    if (err instanceof EmailTakenError) throw emailTakenError();
    if (err instanceof TooManyAttemptsError) throw tooManyRequests(err.retryAfterSeconds);
    deps.logger.error({ providerId, err: String(err) }, 'provider login could not be made');
    throw new AppError(503, 'Error saving provider information. Please try again.');
  }

  let provider: ProviderDocument | null;
  try {
    provider = await deps.providers
      .findOneAndUpdate(
        { _id: providerId, accountState: 'creating' },
        withEvents<ProviderDocument>({ $set: { accountState: 'active' } }, [providerChangedEvent([providerId])]),
        { returnDocument: 'after' },
      )
      .lean<ProviderDocument>();
    if (!provider) throw new Error('provider record vanished during sign-up');
  } catch (err) {
    await discardSignup(deps, providerId, true);
    throw err;
  }
  await deps.providerWritten(providerId);
  const auth = { sub: login.user.id, role: login.user.role, name: login.user.name, email: login.user.email, providerId };
  return { ...login, providerId, provider: await providerView(deps, provider, auth) };
}

/** Removes sign-ups that stayed `creating` longer than `olderThanMs` (the process died mid-way), logins first. */
export async function sweepUnfinishedSignups(deps: ProvidersDeps, olderThanMs: number): Promise<number> {
  const stale = await deps.providers
    .find({ accountState: 'creating', createdAt: { $lt: new Date(Date.now() - olderThanMs) } })
    .select({ _id: 1 })
    .limit(100)
    .lean<Pick<ProviderDocument, '_id'>[]>();
  for (const { _id } of stale) {
    await deps.accounts.remove(_id);
    await deps.providers.deleteOne({ _id, accountState: 'creating' });
  }
  return stale.length;
}
