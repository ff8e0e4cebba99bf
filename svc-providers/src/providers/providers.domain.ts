import { ProviderMessages, type AccessTokenClaims, type Provider } from '@altmed/contracts';
import { forbidden, notFound, type Logger } from '@altmed/service-kit';
import type { IdentityAccounts } from '../accounts/identity-accounts';
import type { UploadStorage } from '../uploads/storage';
import type { StoredImage } from '../uploads/images';
import type { ProviderDocument, ProviderModel } from './provider.model';
import { isOwnerOrAdmin, toProviderView, type ImageUrls } from './provider-view';

export interface ProvidersDeps {
  providers: ProviderModel;
  accounts: IdentityAccounts;
  storage: UploadStorage;
  logger: Logger;
  /**
   * Called after a write that carries a provider event: publishes it without waiting a poll, and
   * reads the record into this instance's search index (`providerWrittenTo`, given by service.ts).
   */
  providerWritten: (providerId: string) => Promise<void>;
}

export type Auth = AccessTokenClaims | undefined;

export const providerNotFound = () => notFound(ProviderMessages.providerNotFound);

async function imageUrlsOf(storage: UploadStorage, provider: Pick<ProviderDocument, 'headshot' | 'gallery'>): Promise<ImageUrls> {
  const urls: ImageUrls = {};
  const sign = async (image: StoredImage | undefined, main: keyof ImageUrls, thumbnail: keyof ImageUrls) => {
    if (!image) return;
    [urls[main], urls[thumbnail]] = await Promise.all([storage.imageUrl(image.key), storage.imageUrl(image.thumbnailKey)]);
  };
  await Promise.all([sign(provider.headshot, 'headshotUrl', 'headshotThumbnailUrl'), sign(provider.gallery, 'galleryUrl', 'galleryThumbnailUrl')]);
  return urls;
}

export async function providerView(deps: Pick<ProvidersDeps, 'storage'>, provider: ProviderDocument, auth: Auth): Promise<Provider> {
  return toProviderView(provider, await imageUrlsOf(deps.storage, provider), isOwnerOrAdmin(auth, provider._id));
}

/**
 * The record if the caller may see it: approved providers to everyone logged in; pending and
 * blocked ones only to themselves and admins ("Provider Not Found" to anyone else).
 */
export async function visibleProvider(deps: Pick<ProvidersDeps, 'providers'>, providerId: string, auth: Auth): Promise<ProviderDocument> {
  const provider = await deps.providers.findOne({ _id: providerId, accountState: 'active' }).lean<ProviderDocument>();
  if (!provider) throw providerNotFound();
  if (!(provider.isActive && provider.isApproved) && !isOwnerOrAdmin(auth, providerId)) throw providerNotFound();
  return provider;
}

/** The caller's own record (or any, for an admin): 403 for another provider's, 404 when there is none. */
export async function ownRecord(deps: ProvidersDeps, providerId: string, auth: Auth): Promise<ProviderDocument> {
  if (!isOwnerOrAdmin(auth, providerId)) throw forbidden(ProviderMessages.notYourRecord);
  const provider = await deps.providers.findOne({ _id: providerId, accountState: 'active' }).lean<ProviderDocument>();
  if (!provider) throw providerNotFound();
  return provider;
}

/** The record as it is now, as the caller sees it (after a change). */
export async function updated(deps: ProvidersDeps, providerId: string, auth: Auth): Promise<Provider> {
  const provider = await deps.providers.findById(providerId).lean<ProviderDocument>();
  if (!provider) throw providerNotFound();
  return providerView(deps, provider, auth);
}
