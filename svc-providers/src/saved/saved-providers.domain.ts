import { DirectoryMessages, ProviderMessages, SAVED_PROVIDERS_MAX } from '@altmed/contracts';
import { AppError, notFound, isDuplicateKeyError } from '@altmed/service-kit';
import { LISTED, type ProviderModel } from '../providers/provider.model';
import { savedProviderId, type SavedProviderModel } from './saved-provider.model';

export interface SavedProvidersDeps {
  providers: ProviderModel;
  savedProviders: SavedProviderModel;
}

/** The ids a member keeps, newest first. */
export async function savedIdsOf(deps: SavedProvidersDeps, userId: string): Promise<string[]> {
  const saved = await deps.savedProviders.find({ userId }).sort({ savedAt: -1, _id: 1 }).limit(SAVED_PROVIDERS_MAX).select({ providerId: 1 }).lean();
  return saved.map(({ providerId }) => providerId);
}

/** Whether the member keeps this provider (one exact lookup: the profile asks it on every view). */
export async function isSaved(deps: SavedProvidersDeps, userId: string, providerId: string): Promise<boolean> {
  return (await deps.savedProviders.exists({ _id: savedProviderId(userId, providerId) })) !== null;
}

/** Saves a listed provider for the member; saving one already saved changes nothing. */
export async function saveProvider(deps: SavedProvidersDeps, userId: string, providerId: string): Promise<void> {
  if (!(await deps.providers.exists({ ...LISTED, _id: providerId }))) throw notFound(ProviderMessages.providerNotFound);
  const _id = savedProviderId(userId, providerId);
  if (await deps.savedProviders.exists({ _id })) return;
  if ((await deps.savedProviders.countDocuments({ userId })) >= SAVED_PROVIDERS_MAX) throw new AppError(409, DirectoryMessages.savedLimit);
  try {
    await deps.savedProviders.create({ _id, userId, providerId, savedAt: new Date() });
  } catch (err) {
    // Two saves at once: the other one stored it.
    if (!isDuplicateKeyError(err)) throw err;
  }
}

/** Removes a provider from the member's saved ones; removing one not saved changes nothing. */
export async function unsaveProvider(deps: SavedProvidersDeps, userId: string, providerId: string): Promise<void> {
  await deps.savedProviders.deleteOne({ _id: savedProviderId(userId, providerId) });
}
