import { PROFILE_REVIEWS_SHOWN, ProviderMessages, type AccessTokenClaims, type Provider } from '@altmed/contracts';
import { forbidden, notFound, type Logger } from '@altmed/service-kit';
import type { IdentityAccounts } from '../accounts/identity-accounts';
import type { ReviewModel } from '../reviews/review.model';
import { countReviewStats } from '../reviews/review-stats';
import { listReviews } from '../reviews/reviews.domain';
import type { UploadStorage } from '../uploads/storage';
import type { ProviderDocument, ProviderModel, StoredImage } from './provider.model';
import { isOwnerOrAdmin, toProviderView, type ImageUrls } from './provider-view';

export interface ProvidersDeps {
  providers: ProviderModel;
  reviews: ReviewModel;
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

export async function providerView(deps: ProvidersDeps, provider: ProviderDocument, auth: Auth): Promise<Provider> {
  return toProviderView(provider, await imageUrlsOf(deps.storage, provider), isOwnerOrAdmin(auth, provider._id));
}

/**
 * The record if the caller may see it: approved providers to everyone logged in; pending and
 * blocked ones only to themselves and admins ("Provider Not Found" to anyone else).
 */
async function visibleProvider(deps: ProvidersDeps, providerId: string, auth: Auth): Promise<ProviderDocument> {
  const provider = await deps.providers.findOne({ _id: providerId, accountState: 'active' }).lean<ProviderDocument>();
  if (!provider) throw providerNotFound();
  if (!(provider.isActive && provider.isApproved) && !isOwnerOrAdmin(auth, providerId)) throw providerNotFound();
  return provider;
}

/** GET /provider-info/{id}: the profile with its review figures and newest shown reviews. */
export async function getProvider(deps: ProvidersDeps, providerId: string, auth: Auth): Promise<Provider> {
  const provider = await visibleProvider(deps, providerId, auth);
  const [view, stats, latest] = await Promise.all([
    providerView(deps, provider, auth),
    // The figures kept on the record (reviews/review-stats.ts); counted now for a record that has none yet.
    provider.reviewStats ?? countReviewStats(deps.reviews, providerId),
    listReviews(deps.reviews, providerId, 1, PROFILE_REVIEWS_SHOWN),
  ]);
  const { totalReviews, averageSatisfactionRating, averageEfficacyRating } = stats;
  return { ...view, reviewStats: { totalReviews, averageSatisfactionRating, averageEfficacyRating }, reviews: latest.reviews };
}

export async function getProviderReviews(deps: ProvidersDeps, providerId: string, auth: Auth, page: number, limit: number) {
  await visibleProvider(deps, providerId, auth);
  return listReviews(deps.reviews, providerId, page, limit);
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
