import type { Provider, providerBasicInfoSchema, providerQualificationsSchema } from '@altmed/contracts';
import { badRequest, isDuplicateKeyError, withEvents } from '@altmed/service-kit';
import type { z } from 'zod';
import { EmailTakenError } from '../accounts/identity-accounts';
import { emailTakenError, throwIfDuplicate } from './duplicates';
import { providerChangedEvent } from './provider-changed.event';
import type { ProviderDocument } from './provider.model';
import { ownRecord, updated, type Auth, type ProvidersDeps } from './providers.domain';

/** PUT /provider-info/{id}: Basic Information. A new email moves the login to it as well. */
export async function updateBasicInfo(deps: ProvidersDeps, providerId: string, auth: Auth, info: z.infer<typeof providerBasicInfoSchema>): Promise<Provider> {
  const current = await ownRecord(deps, providerId, auth);
  await throwIfDuplicate(deps, info, providerId);
  const emailChanges = info.email !== current.email;
  try {
    await deps.providers.updateOne(
      { _id: providerId },
      withEvents<ProviderDocument>({ $set: info, ...(info.phone ? {} : { $unset: { phone: 1 } }) }, [providerChangedEvent([providerId])]),
    );
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    await throwIfDuplicate(deps, info, providerId);
    throw badRequest('Provider with this information already exists');
  }
  if (emailChanges) {
    try {
      await deps.accounts.updateEmail(providerId, info.email);
    } catch (err) {
      await deps.providers.updateOne(
        { _id: providerId, email: info.email },
        withEvents<ProviderDocument>({ $set: { email: current.email } }, [providerChangedEvent([providerId])]),
      );
      await deps.providerWritten(providerId);
      if (err instanceof EmailTakenError) throw emailTakenError();
      throw err;
    }
  }
  await deps.providerWritten(providerId);
  return updated(deps, providerId, auth);
}

/** PUT /provider-info/{id}/qualifications: step 2 and the dashboard's Qualifications. */
export async function updateQualifications(
  deps: ProvidersDeps,
  providerId: string,
  auth: Auth,
  qualifications: z.infer<typeof providerQualificationsSchema>,
): Promise<Provider> {
  await ownRecord(deps, providerId, auth);
  await deps.providers.updateOne({ _id: providerId }, withEvents<ProviderDocument>({ $set: qualifications }, [providerChangedEvent([providerId])]));
  await deps.providerWritten(providerId);
  return updated(deps, providerId, auth);
}
