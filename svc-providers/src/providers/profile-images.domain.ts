import { ProviderMessages, UPLOAD_KEY_PATTERN, type Provider, type providerContentSchema } from '@altmed/contracts';
import { AppError, badRequest, createEvent, withEvents } from '@altmed/service-kit';
import type { z } from 'zod';
import { processUpload, type ImageKind, type StoredImage } from '../uploads/images';
import { providerChangedEvent } from './provider-changed.event';
import type { ProviderDocument } from './provider.model';
import { fullAddressOf } from './provider-view';
import { ownRecord, updated, type Auth, type ProvidersDeps } from './providers.domain';

const SOURCE = 'svc-providers';

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
  await deps.providerWritten(providerId);

  const replaced = (['headshot', 'gallery'] as const).flatMap((kind) =>
    processed[kind] && current[kind] ? [current[kind].key, current[kind].thumbnailKey] : [],
  );
  await deps.storage.remove(replaced).catch((err: unknown) => deps.logger.warn({ providerId, err: String(err) }, 'replaced images not removed'));
  return updated(deps, providerId, auth);
}
