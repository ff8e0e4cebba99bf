import {
  AREAS_OF_INTEREST,
  DIRECTORY_MAX_PAGE,
  DIRECTORY_PAGE_SIZE,
  US_STATE_CODES,
  directoryRadiusOf,
  type DirectoryProvider,
  type DirectoryResponse,
  type DirectorySearch,
} from '@altmed/contracts';
import { originOf, roundedMiles, usZipTable, type Coordinates } from '../places/zip-places';
import { isListed, type ProviderModel } from '../providers/provider.model';
import { savedIdsOf, type SavedProvidersDeps } from '../saved/saved-providers.domain';
import { searchEntryOf, type SearchEntry } from '../search/provider-search-index';
import type { ProviderSearch } from '../search/provider-search';
import type { UploadStorage } from '../uploads/storage';

export interface DirectoryDeps {
  providers: ProviderModel;
  storage: UploadStorage;
  search: ProviderSearch;
}

/** A coordinate to 3 decimals (about 100 metres): enough to place a ZIP code's centre on the results' map. */
const roundedDegrees = (degrees: number) => Math.round(degrees * 1000) / 1000;

/** Where the card's marker goes: its practice ZIP's centre, rounded; undefined when the ZIP is not a known US ZIP. */
function pointOf(entry: SearchEntry): Coordinates | undefined {
  if (entry.zipId === -1) return undefined;
  const { latitude, longitude } = usZipTable().coordinatesOf(entry.zipId);
  return { latitude: roundedDegrees(latitude), longitude: roundedDegrees(longitude) };
}

export async function toDirectoryProvider(storage: UploadStorage, entry: SearchEntry, miles?: number): Promise<DirectoryProvider> {
  const point = pointOf(entry);
  return {
    _id: entry.id,
    providerName: entry.providerName,
    practiceName: entry.practiceName,
    specialties: [...entry.specialties],
    city: entry.city,
    state: entry.state,
    ...(entry.headshotThumbnailKey ? { headshotThumbnailUrl: await storage.imageUrl(entry.headshotThumbnailKey) } : {}),
    totalReviews: entry.totalReviews,
    averageRating: entry.averageRating,
    ...(Number.isNaN(entry.verifiedAt) ? {} : { verifiedAt: new Date(entry.verifiedAt).toISOString() }),
    ...(miles === undefined ? {} : { distanceMiles: roundedMiles(miles) }),
    ...(point ? { point } : {}),
  };
}

/**
 * One page of the directory, from this instance's search index; near a place, only the providers
 * within its radius, each with its distance. `full` is a member with an active
 * membership or an admin; anyone else learns how many providers match and nothing about any of them
 * (not even the counts per area and state, which would place a provider found by name).
 */
export async function searchDirectory(deps: DirectoryDeps, search: DirectorySearch, full: boolean, onlyIds?: readonly string[]): Promise<DirectoryResponse> {
  const origin = originOf(search);
  const near = origin ? { origin, radiusMiles: directoryRadiusOf(search) } : undefined;
  const { entries, miles, total, areaCounts, stateCounts, withoutDistance } = deps.search.directory(search, { onlyIds, near });
  return {
    access: full ? 'full' : 'preview',
    providers: full ? await Promise.all(entries.map((entry, at) => toDirectoryProvider(deps.storage, entry, miles?.[at]))) : [],
    total,
    page: search.page,
    pageSize: DIRECTORY_PAGE_SIZE,
    // Pages past DIRECTORY_MAX_PAGE are not served: a pager offers only those it can open.
    totalPages: Math.min(DIRECTORY_MAX_PAGE, Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE))),
    areaCounts: full ? AREAS_OF_INTEREST.flatMap((area, index) => (areaCounts[index] ? [{ area, count: areaCounts[index] }] : [])) : [],
    stateCounts: full
      ? US_STATE_CODES.flatMap((state, index) => (stateCounts[index] ? [{ state, count: stateCounts[index] }] : [])).sort(
          (a, b) => b.count - a.count || a.state.localeCompare(b.state),
        )
      : [],
    ...(withoutDistance === undefined ? {} : { withoutDistance }),
  };
}

/** The listed records of these ids, in the order given (a member's saved providers, newest first), through the search's record cache. */
export async function directoryProvidersOf(deps: DirectoryDeps, ids: readonly string[]): Promise<DirectoryProvider[]> {
  if (ids.length === 0) return [];
  const byId = await deps.search.recordsOf(ids);
  const listed = ids.flatMap((id) => {
    const record = byId.get(id);
    return record && isListed(record) ? (searchEntryOf(record) ?? []) : [];
  });
  return Promise.all(listed.map((entry) => toDirectoryProvider(deps.storage, entry)));
}

/** The member's saved providers that are still listed (one blocked since is left out, and comes back if unblocked). */
export async function listSavedProviders(deps: DirectoryDeps & SavedProvidersDeps, userId: string): Promise<DirectoryProvider[]> {
  return directoryProvidersOf(deps, await savedIdsOf(deps, userId));
}
