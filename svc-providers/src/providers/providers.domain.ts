import { randomUUID } from 'node:crypto';
import {
  PROFILE_REVIEWS_SHOWN,
  ProviderMessages,
  UPLOAD_KEY_PATTERN,
  type AccessTokenClaims,
  type Provider,
  type ProviderSignupResponse,
  type providerBasicInfoSchema,
  type providerContentSchema,
  type providerQualificationsSchema,
  type providerSignupSchema,
} from '@altmed/contracts';
import { AppError, badRequest, createEvent, forbidden, notFound, tooManyRequests, withEvents, type Logger, isDuplicateKeyError } from '@altmed/service-kit';
import type { z } from 'zod';
import { EmailTakenError, IdentityRefusedError, TooManyAttemptsError, type IdentityAccounts } from '../accounts/identity-accounts';
import type { ReviewModel } from '../reviews/review.model';
import { countReviewStats, NO_REVIEWS } from '../reviews/review-stats';
import { listReviews } from '../reviews/reviews.domain';
import { processUpload, type ImageKind } from '../uploads/images';
import type { UploadStorage } from '../uploads/storage';
import type { ProviderDocument, ProviderModel, StoredImage } from './provider.model';
import { fullAddressOf, isOwnerOrAdmin, toProviderView, type ImageUrls } from './provider-view';
import { providerChangedEvent, providerWritten, type ProviderSearch } from '../search/provider-search';

const SOURCE = 'svc-providers';
export interface ProvidersDeps {
  providers: ProviderModel;
  reviews: ReviewModel;
  accounts: IdentityAccounts;
  storage: UploadStorage;
  logger: Logger;
  search: ProviderSearch;
  /** Called after a write that carries events, so the relay publishes without waiting a poll. */
  onEventsWritten: () => void;
}

type Auth = AccessTokenClaims | undefined;

const providerNotFound = () => notFound(ProviderMessages.providerNotFound);

/* ----------------------------------------------------------------------------------------------
 * Reading
 * -------------------------------------------------------------------------------------------- */

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

/* ----------------------------------------------------------------------------------------------
 * Step 1: the record and its login
 * -------------------------------------------------------------------------------------------- */

/** Which of email and NPI number another provider record holds, as field messages. */
async function duplicatesOf(deps: ProvidersDeps, fields: { email: string; npiNumber: string }, exceptId?: string): Promise<Record<string, string>> {
  const others = exceptId ? { _id: { $ne: exceptId } } : {};
  const [byEmail, byNpi] = await Promise.all([
    deps.providers.exists({ email: fields.email, ...others }),
    deps.providers.exists({ npiNumber: fields.npiNumber, ...others }),
  ]);
  return {
    ...(byEmail ? { email: ProviderMessages.emailRegisteredLogIn } : {}),
    ...(byNpi ? { npiNumber: ProviderMessages.npiExists } : {}),
  };
}

/** 400 with the spec's message ("Email already exists" first, else "NPI Number already exists") and every field's. */
function duplicateError(errors: Record<string, string>): AppError {
  return new AppError(400, errors.email ? ProviderMessages.emailExists : ProviderMessages.npiExists, {}, errors);
}

const emailTakenError = () => new AppError(400, ProviderMessages.emailExists, {}, { email: ProviderMessages.emailExists });

async function throwIfDuplicate(deps: ProvidersDeps, fields: { email: string; npiNumber: string }, exceptId?: string): Promise<void> {
  const duplicates = await duplicatesOf(deps, fields, exceptId);
  if (Object.keys(duplicates).length > 0) throw duplicateError(duplicates);
}

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
  await providerWritten(deps, providerId);
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

/* ----------------------------------------------------------------------------------------------
 * Changes by the provider itself (or an admin)
 * -------------------------------------------------------------------------------------------- */

/** The caller's own record (or any, for an admin): 403 for another provider's, 404 when there is none. */
async function ownRecord(deps: ProvidersDeps, providerId: string, auth: Auth): Promise<ProviderDocument> {
  if (!isOwnerOrAdmin(auth, providerId)) throw forbidden(ProviderMessages.notYourRecord);
  const provider = await deps.providers.findOne({ _id: providerId, accountState: 'active' }).lean<ProviderDocument>();
  if (!provider) throw providerNotFound();
  return provider;
}

async function updated(deps: ProvidersDeps, providerId: string, auth: Auth): Promise<Provider> {
  const provider = await deps.providers.findById(providerId).lean<ProviderDocument>();
  if (!provider) throw providerNotFound();
  return providerView(deps, provider, auth);
}

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
      await providerWritten(deps, providerId);
      if (err instanceof EmailTakenError) throw emailTakenError();
      throw err;
    }
  }
  await providerWritten(deps, providerId);
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
  await providerWritten(deps, providerId);
  return updated(deps, providerId, auth);
}

/** Whether an image field asks for a new upload (a key of this provider's) or leaves the stored image as it is. */
function requestedUpload(value: string | undefined, stored: StoredImage | undefined, providerId: string): string | undefined {
  if (value === undefined) return undefined;
  // The URL (or key) the record already answers for this image: unchanged.
  if (stored && (value === stored.key || value.includes(`/${stored.key}?`) || value.endsWith(`/${stored.key}`))) return undefined;
  if (!UPLOAD_KEY_PATTERN.test(value) || value.split('/')[1] !== providerId) throw badRequest(ProviderMessages.imagesNotSaved);
  return value;
}

/**
 * PUT /provider-info/{id}/images: step 3 and the dashboard's Practice Description and Profile
 * Images. New uploads are checked and re-encoded (see `processUpload`); the images they replace are
 * removed. The first time the record holds both images and a description, provider.registered is
 * written with the change, once.
 */
export async function saveProfileContent(
  deps: ProvidersDeps,
  providerId: string,
  auth: Auth,
  content: z.infer<typeof providerContentSchema>,
): Promise<Provider> {
  const current = await ownRecord(deps, providerId, auth);
  const uploads: Partial<Record<ImageKind, string>> = {
    headshot: requestedUpload(content.headshotUrl, current.headshot, providerId),
    gallery: requestedUpload(content.galleryUrl, current.gallery, providerId),
  };
  const completes = !current.registeredAt;
  if (completes) {
    if (!(content.headshotUrl ?? current.headshot) || !(content.galleryUrl ?? current.gallery)) throw badRequest(ProviderMessages.bothImagesRequired);
    if (!(content.practiceDescription ?? current.practiceDescription)) throw badRequest(ProviderMessages.descriptionRequired);
  }

  const kinds = (Object.keys(uploads) as ImageKind[]).filter((kind) => uploads[kind]);
  const results = await Promise.allSettled(kinds.map((kind) => processUpload(deps.storage, providerId, uploads[kind]!, kind)));
  const processed: Partial<Record<ImageKind, StoredImage>> = {};
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') processed[kinds[index]!] = result.value;
  });
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    await deps.storage.remove(Object.values(processed).flatMap((image) => [image.key, image.thumbnailKey]));
    if (failure.reason instanceof AppError) throw failure.reason;
    deps.logger.error({ providerId, err: String(failure.reason) }, 'uploaded images could not be processed');
    throw badRequest(ProviderMessages.imagesNotSaved);
  }

  const changes = {
    ...(processed.headshot ? { headshot: processed.headshot } : {}),
    ...(processed.gallery ? { gallery: processed.gallery } : {}),
    ...(content.practiceDescription !== undefined ? { practiceDescription: content.practiceDescription } : {}),
  };
  let written = false;
  if (completes) {
    const next = { ...current, ...changes };
    const event = createEvent(
      'provider.registered',
      {
        providerId,
        providerName: next.providerName,
        practiceName: next.practiceName,
        email: next.email,
        ...(next.phone ? { phone: next.phone } : {}),
        npiNumber: next.npiNumber,
        fullAddress: fullAddressOf(next),
        specialties: next.specialties,
        boardCertifications: next.boardCertifications,
        hospitalAffiliations: next.hospitalAffiliations,
        educationAndTraining: next.educationAndTraining,
        practiceDescription: next.practiceDescription ?? '',
      },
      SOURCE,
    );
    // Only the save that completes the record carries the event, however many race.
    const result = await deps.providers.updateOne(
      { _id: providerId, registeredAt: { $exists: false } },
      withEvents<ProviderDocument>({ $set: { ...changes, registeredAt: new Date() } }, [event]),
    );
    written = result.matchedCount === 1;
  }
  if (!written) await deps.providers.updateOne({ _id: providerId }, withEvents<ProviderDocument>({ $set: changes }, [providerChangedEvent([providerId])]));
  await providerWritten(deps, providerId);

  const replaced = (['headshot', 'gallery'] as const).flatMap((kind) =>
    processed[kind] && current[kind] ? [current[kind].key, current[kind].thumbnailKey] : [],
  );
  await deps.storage.remove(replaced).catch((err: unknown) => deps.logger.warn({ providerId, err: String(err) }, 'replaced images not removed'));
  return updated(deps, providerId, auth);
}
