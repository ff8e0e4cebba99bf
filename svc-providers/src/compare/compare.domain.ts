import type { CompareProvider, CompareQuery, CompareResponse } from '@altmed/contracts';
import { LISTED, type ProviderDocument, type ProviderModel } from '../providers/provider.model';
import type { UploadStorage } from '../uploads/storage';
import { milesBetween, zipCoordinates, type Coordinates } from '../places/zip-places';

/** What the comparison reads of a record: never the email, NPI, DEA or licence numbers. */
const COMPARE_FIELDS = {
  providerName: 1,
  practiceName: 1,
  city: 1,
  state: 1,
  zip: 1,
  headshot: 1,
  specialties: 1,
  boardCertifications: 1,
  educationAndTraining: 1,
  'stateLicenses.state': 1,
  reviewStats: 1,
} as const;
type CompareRecord = Pick<
  ProviderDocument,
  | '_id'
  | 'providerName'
  | 'practiceName'
  | 'city'
  | 'state'
  | 'zip'
  | 'headshot'
  | 'specialties'
  | 'boardCertifications'
  | 'educationAndTraining'
  | 'reviewStats'
> & { stateLicenses?: { state?: string }[] };

export interface CompareDeps {
  providers: ProviderModel;
  storage: UploadStorage;
}

const licenseStatesOf = (record: CompareRecord): string[] =>
  [...new Set((record.stateLicenses ?? []).map((license) => license.state?.trim() ?? '').filter(Boolean))].sort();

async function toCompareProvider(deps: CompareDeps, record: CompareRecord, origin: Coordinates | null): Promise<CompareProvider> {
  const place = origin ? zipCoordinates(record.zip) : null;
  return {
    _id: record._id,
    providerName: record.providerName,
    practiceName: record.practiceName,
    city: record.city,
    state: record.state,
    ...(record.headshot ? { headshotThumbnailUrl: await deps.storage.imageUrl(record.headshot.thumbnailKey) } : {}),
    specialties: [...record.specialties],
    licenseStates: licenseStatesOf(record),
    boardCertifications: [...(record.boardCertifications ?? [])],
    educationAndTraining: [...(record.educationAndTraining ?? [])],
    // The record keeps no licence date: nothing to count from, and nothing is made up.
    yearsSinceFirstLicense: null,
    totalReviews: record.reviewStats?.totalReviews ?? 0,
    averageSatisfactionRating: record.reviewStats?.averageSatisfactionRating ?? 0,
    averageEfficacyRating: record.reviewStats?.averageEfficacyRating ?? 0,
    distanceMiles: origin && place ? milesBetween(origin, place) : null,
  };
}

/**
 * The providers asked for, side by side, in the order asked: listed ones only (a pending or
 * blocked id is left out, as if unknown), with the distance from the member's ZIP when given.
 */
export async function compareProviders(deps: CompareDeps, query: CompareQuery): Promise<CompareResponse> {
  const records = await deps.providers
    .find({ ...LISTED, _id: { $in: query.ids } })
    .select(COMPARE_FIELDS)
    .lean<CompareRecord[]>();
  const byId = new Map(records.map((record) => [record._id, record]));
  const origin = query.zip ? zipCoordinates(query.zip) : null;
  const providers = await Promise.all(query.ids.flatMap((id) => byId.get(id) ?? []).map((record) => toCompareProvider(deps, record, origin)));
  return { providers, origin: query.zip ? { zip: query.zip, known: origin !== null } : null };
}
