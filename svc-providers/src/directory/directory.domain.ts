import {
  AREAS_OF_INTEREST,
  DIRECTORY_PAGE_SIZE,
  type DirectoryProvider,
  type DirectoryResponse,
  type DirectorySearch,
  type DirectorySort,
} from '@altmed/contracts';
import type { QueryFilter, SortOrder } from 'mongoose';
import type { ProviderDocument, ProviderModel } from '../providers/provider.model';
import { verifiedAtOf } from '../providers/provider-view';
import { keyStartingWith, normalizeCity, normalizeSearch } from '../providers/search-keys';
import type { UploadStorage } from '../uploads/storage';

export interface DirectoryDeps {
  providers: ProviderModel;
  storage: UploadStorage;
}

/** Only these records are ever listed to members: approved, not blocked, sign-up finished. */
export const LISTED: QueryFilter<ProviderDocument> = { accountState: 'active', isApproved: true, isActive: true };

const SORTS: Record<DirectorySort, Record<string, SortOrder>> = {
  rating: { 'reviewStats.averageRating': -1, 'reviewStats.totalReviews': -1, nameKey: 1, _id: 1 },
  reviews: { 'reviewStats.totalReviews': -1, 'reviewStats.averageRating': -1, nameKey: 1, _id: 1 },
  name: { nameKey: 1, _id: 1 },
};

/** What a card needs, and nothing a member may not see. */
const CARD_FIELDS = {
  providerName: 1,
  practiceName: 1,
  specialties: 1,
  city: 1,
  state: 1,
  headshot: 1,
  reviewStats: 1,
  isActive: 1,
  isApproved: 1,
  statusHistory: 1,
} as const;
type CardRecord = Pick<ProviderDocument, '_id' | keyof typeof CARD_FIELDS>;

const lowerWords = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);

/** The areas of interest with a word starting with the search ("nutri" → Nutrition; "health" → Men's and Women's Health). */
function areasMatching(search: string): string[] {
  return AREAS_OF_INTEREST.filter((area) => area.toLowerCase().startsWith(search) || lowerWords(area).some((word) => word.startsWith(search)));
}

/**
 * The filter of a search: listed records, the text at the start of a word of the provider or
 * practice name or naming an area of interest, any of the chosen areas, the state and city, and
 * when given only these ids (the member's saved providers).
 */
export function directoryFilter(search: Omit<DirectorySearch, 'sort' | 'page'>, onlyIds?: readonly string[]): QueryFilter<ProviderDocument> {
  const conditions: QueryFilter<ProviderDocument>[] = [LISTED];
  const text = normalizeSearch(search.q);
  if (text) {
    const areas = areasMatching(text);
    conditions.push(
      areas.length > 0 ? { $or: [{ directoryKeys: keyStartingWith(text) }, { specialties: { $in: areas } }] } : { directoryKeys: keyStartingWith(text) },
    );
  }
  if (search.areas && search.areas.length > 0) conditions.push({ specialties: { $in: search.areas } });
  if (search.state) conditions.push({ state: search.state });
  const city = search.city ? normalizeCity(search.city) : '';
  if (city) conditions.push({ cityKey: city });
  if (onlyIds) conditions.push({ _id: { $in: [...onlyIds] } });
  return conditions.length === 1 ? LISTED : { $and: conditions };
}

export async function toDirectoryProvider(storage: UploadStorage, record: CardRecord): Promise<DirectoryProvider> {
  const verifiedAt = verifiedAtOf(record);
  return {
    _id: record._id,
    providerName: record.providerName,
    practiceName: record.practiceName,
    specialties: [...record.specialties],
    city: record.city,
    state: record.state,
    ...(record.headshot ? { headshotThumbnailUrl: await storage.imageUrl(record.headshot.thumbnailKey) } : {}),
    totalReviews: record.reviewStats?.totalReviews ?? 0,
    averageRating: record.reviewStats?.averageRating ?? 0,
    ...(verifiedAt ? { verifiedAt: verifiedAt.toISOString() } : {}),
  };
}

/**
 * One page of the directory. `full` is a member with an active membership or an admin; anyone else
 * learns how many providers match and sees none of them.
 */
export async function searchDirectory(deps: DirectoryDeps, search: DirectorySearch, full: boolean, onlyIds?: readonly string[]): Promise<DirectoryResponse> {
  const filter = directoryFilter(search, onlyIds);
  const [total, records] = await Promise.all([
    deps.providers.countDocuments(filter),
    full
      ? deps.providers
          .find(filter)
          .select(CARD_FIELDS)
          .sort(SORTS[search.sort])
          .skip((search.page - 1) * DIRECTORY_PAGE_SIZE)
          .limit(DIRECTORY_PAGE_SIZE)
          .lean<CardRecord[]>()
      : [],
  ]);
  return {
    access: full ? 'full' : 'preview',
    providers: await Promise.all(records.map((record) => toDirectoryProvider(deps.storage, record))),
    total,
    page: search.page,
    pageSize: DIRECTORY_PAGE_SIZE,
    totalPages: Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE)),
  };
}

/** The listed records of these ids, in the order given (a member's saved providers, newest first). */
export async function directoryProvidersOf(deps: DirectoryDeps, ids: readonly string[]): Promise<DirectoryProvider[]> {
  if (ids.length === 0) return [];
  const records = await deps.providers
    .find({ $and: [LISTED, { _id: { $in: [...ids] } }] })
    .select(CARD_FIELDS)
    .lean<CardRecord[]>();
  const byId = new Map(records.map((record) => [record._id, record]));
  const listed = ids.flatMap((id) => byId.get(id) ?? []);
  return Promise.all(listed.map((record) => toDirectoryProvider(deps.storage, record)));
}
