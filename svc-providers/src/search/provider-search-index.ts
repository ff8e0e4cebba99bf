import MiniSearch from 'minisearch';
import {
  ADMIN_PROVIDERS_PAGE_SIZE,
  AREAS_OF_INTEREST,
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_SORTS,
  US_STATE_CODES,
  type AdminProvidersQuery,
  type DirectorySearch,
  type DirectorySort,
  type ProviderStats,
  type ProviderStatus,
} from '@altmed/contracts';
import type { ProviderDocument, StoredImage } from '../providers/provider.model';
import { statusOf, verifiedAtOf } from '../providers/provider-view';

/** What the index keeps of a provider with an account: what the searches filter, sort and count by, and a directory card. */
export interface SearchEntry {
  id: string;
  providerName: string;
  practiceName: string;
  email: string;
  npiNumber: string;
  city: string;
  state: string;
  specialties: string[];
  /** The areas of interest as bits of AREAS_OF_INTEREST's positions, and the state's position in US_STATE_CODES: what the filters test and the counts count. */
  areaBits: number;
  stateIndex: number;
  headshot?: StoredImage;
  totalReviews: number;
  averageRating: number;
  status: ProviderStatus;
  verifiedAt?: Date;
  createdAt: number;
  cityKey: string;
  nameKey: string;
}

/** The fields of a record the index reads. */
export const SEARCH_ENTRY_FIELDS = {
  accountState: 1,
  providerName: 1,
  practiceName: 1,
  email: 1,
  npiNumber: 1,
  city: 1,
  state: 1,
  specialties: 1,
  headshot: 1,
  reviewStats: 1,
  isActive: 1,
  isApproved: 1,
  statusHistory: 1,
  createdAt: 1,
} as const;
export type SearchedRecord = Pick<ProviderDocument, '_id' | keyof typeof SEARCH_ENTRY_FIELDS>;

/** Lowercased, runs of white space made one space, trimmed. */
const normalize = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
/** A search is cut to this length. */
const MAX_SEARCH_LENGTH = 64;

/** The search as compared, or undefined when nothing is left to search for. */
export function normalizeSearch(search: string | undefined): string | undefined {
  const text = normalize(search ?? '').slice(0, MAX_SEARCH_LENGTH);
  return text || undefined;
}

/** The entry of a record, or undefined for one that no search shows (a sign-up still being made). */
export function searchEntryOf(record: SearchedRecord): SearchEntry | undefined {
  if (record.accountState !== 'active') return undefined;
  const verifiedAt = verifiedAtOf(record);
  return {
    id: record._id,
    providerName: record.providerName,
    practiceName: record.practiceName,
    email: record.email,
    npiNumber: record.npiNumber,
    city: record.city,
    state: record.state,
    specialties: [...record.specialties],
    areaBits: bitsOfAreas(record.specialties),
    stateIndex: STATE_INDEX.get(record.state) ?? -1,
    // Every entry has every property (undefined where there is none), so all share one shape: the hot loop stays fast.
    headshot: record.headshot,
    totalReviews: record.reviewStats?.totalReviews ?? 0,
    averageRating: record.reviewStats?.averageRating ?? 0,
    status: statusOf(record),
    verifiedAt,
    createdAt: record.createdAt.getTime(),
    cityKey: normalize(record.city),
    nameKey: normalize(record.providerName),
  };
}

type Compare = (a: SearchEntry, b: SearchEntry) => number;
const byId: Compare = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byName: Compare = (a, b) => (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : 0) || byId(a, b);
const DIRECTORY_ORDER: Record<DirectorySort, Compare> = {
  rating: (a, b) => b.averageRating - a.averageRating || b.totalReviews - a.totalReviews || byName(a, b),
  reviews: (a, b) => b.totalReviews - a.totalReviews || b.averageRating - a.averageRating || byName(a, b),
  name: byName,
};
/** The admin list: newest first. */
const ADMIN_ORDER: Compare = (a, b) => b.createdAt - a.createdAt || byId(a, b);

/** Where `entry` goes in an array kept in `compare`'s order (every order ends in the id, so no two entries tie). */
function positionOf(ordered: SearchEntry[], entry: SearchEntry, compare: Compare): number {
  let low = 0;
  let high = ordered.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(ordered[middle]!, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

const insertInOrder = (ordered: SearchEntry[], entry: SearchEntry, compare: Compare) => ordered.splice(positionOf(ordered, entry, compare), 0, entry);

function removeInOrder(ordered: SearchEntry[], entry: SearchEntry, compare: Compare): void {
  const position = positionOf(ordered, entry, compare);
  if (ordered[position] === entry) ordered.splice(position, 1);
}

const DIRECTORY_TEXT_FIELDS = ['providerName', 'practiceName'];
const ADMIN_TEXT_FIELDS = ['practiceName', 'providerName', 'city', 'email', 'npiNumber'];
/** A word of this many letters or more may hold one typo (shorter ones would match too much). */
const TYPO_TOLERANT_LENGTH = 5;

const AREA_BIT = new Map<string, number>(AREAS_OF_INTEREST.map((area, index) => [area, 1 << index]));
const STATE_INDEX = new Map<string, number>(US_STATE_CODES.map((state, index) => [state, index]));

function bitsOfAreas(areas: readonly string[]): number {
  let bits = 0;
  for (const area of areas) bits |= AREA_BIT.get(area) ?? 0;
  return bits;
}

const lowerWords = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);

/** The areas of interest with a word starting with the search ("nutri" → Nutrition; "health" → Men's and Women's Health). */
function areasMatching(search: string): string[] {
  return AREAS_OF_INTEREST.filter((area) => area.toLowerCase().startsWith(search) || lowerWords(area).some((word) => word.startsWith(search)));
}

export interface DirectoryResult {
  entries: SearchEntry[];
  total: number;
  /** How many providers each area of interest (by its position in AREAS_OF_INTEREST) holds with the other filters as they are (the areas filter left out). */
  areaCounts: Int32Array;
  /** The same per state, by its position in US_STATE_CODES (the state and city filters left out). */
  stateCounts: Int32Array;
}

export interface AdminResult {
  ids: string[];
  total: number;
  stats: ProviderStats;
}

/**
 * Every provider with an account, in memory: the members' directory and the admins' provider search
 * answer from here (text through minisearch, filters and sorts over arrays kept in order). The
 * records in MongoDB stay the truth; `upsert` and `remove` keep this in step with them.
 */
export class ProviderSearchIndex {
  private readonly entries = new Map<string, SearchEntry>();
  private readonly text = new MiniSearch<SearchEntry>({
    idField: 'id',
    fields: ADMIN_TEXT_FIELDS,
    searchOptions: { prefix: true, combineWith: 'AND' },
  });
  /** Listed entries in each directory order, and every entry in the admin order: sorted once per full read, then kept in order entry by entry. */
  private listed: Record<DirectorySort, SearchEntry[]> = { rating: [], reviews: [], name: [] };
  private newestFirst: SearchEntry[] = [];
  /** The counts of the unfiltered directory (its landing page), kept until the next change. */
  private unfilteredCounts: Pick<DirectoryResult, 'areaCounts' | 'stateCounts'> | undefined;

  get size(): number {
    return this.entries.size;
  }

  /** Puts a record's entry in place of the one it had; a record no search shows leaves the index. */
  upsert(record: SearchedRecord): void {
    const entry = searchEntryOf(record);
    if (!entry) return this.remove(record._id);
    const previous = this.entries.get(entry.id);
    if (previous) {
      this.unorder(previous);
      this.text.replace(entry);
    } else {
      this.text.add(entry);
    }
    this.entries.set(entry.id, entry);
    this.order(entry);
  }

  remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.unorder(entry);
    this.text.discard(id);
  }

  /**
   * A new index of these records (a full read). The text index is built in chunks that let other
   * work run between them, so the index it replaces keeps answering meanwhile.
   */
  static async of(records: Iterable<SearchedRecord>): Promise<ProviderSearchIndex> {
    const index = new ProviderSearchIndex();
    for (const record of records) {
      const entry = searchEntryOf(record);
      if (entry) index.entries.set(entry.id, entry);
    }
    const entries = [...index.entries.values()];
    await index.text.addAllAsync(entries, { chunkSize: 2_000 });
    const approved = entries.filter((entry) => entry.status === 'approved');
    for (const sort of DIRECTORY_SORTS) index.listed[sort] = [...approved].sort(DIRECTORY_ORDER[sort]);
    index.newestFirst = entries.sort(ADMIN_ORDER);
    return index;
  }

  private order(entry: SearchEntry): void {
    this.unfilteredCounts = undefined;
    if (entry.status === 'approved') for (const sort of DIRECTORY_SORTS) insertInOrder(this.listed[sort], entry, DIRECTORY_ORDER[sort]);
    insertInOrder(this.newestFirst, entry, ADMIN_ORDER);
  }

  private unorder(entry: SearchEntry): void {
    this.unfilteredCounts = undefined;
    if (entry.status === 'approved') for (const sort of DIRECTORY_SORTS) removeInOrder(this.listed[sort], entry, DIRECTORY_ORDER[sort]);
    removeInOrder(this.newestFirst, entry, ADMIN_ORDER);
  }

  /** Ids whose text fields hold every word of the search at the start of a word (one typo allowed in long words, when `typos`). */
  private textMatches(search: string, fields: string[], typos: boolean): Set<string> {
    const results = this.text.search(search, {
      fields,
      fuzzy: typos ? (term) => (term.length >= TYPO_TOLERANT_LENGTH && !/\d/.test(term) ? 1 : 0) : false,
    });
    return new Set(results.map((result) => result.id as string));
  }

  /**
   * One page of the directory: listed providers matching the text (a name or practice, or naming an
   * area of interest), any of the areas, the state and city and, when given, only these ids; in the
   * sort's order; with the counts per area and per state beside it.
   */
  directory(search: DirectorySearch, onlyIds?: readonly string[]): DirectoryResult {
    const text = normalizeSearch(search.q);
    const unfiltered = !text && !onlyIds && !search.areas?.length && !search.state && !search.city;
    if (unfiltered && this.unfilteredCounts) {
      const listed = this.listed[search.sort];
      const start = (search.page - 1) * DIRECTORY_PAGE_SIZE;
      return { entries: listed.slice(start, start + DIRECTORY_PAGE_SIZE), total: listed.length, ...this.unfilteredCounts };
    }
    const textIds = text ? this.textMatches(text, DIRECTORY_TEXT_FIELDS, true) : undefined;
    const textAreaBits = text ? bitsOfAreas(areasMatching(text)) : 0;
    const chosenAreaBits = search.areas && search.areas.length > 0 ? bitsOfAreas(search.areas) : 0;
    const city = search.city ? normalize(search.city) : '';
    const only = onlyIds ? new Set(onlyIds) : undefined;

    const start = (search.page - 1) * DIRECTORY_PAGE_SIZE;
    const entries: SearchEntry[] = [];
    const areaCounts = new Int32Array(AREAS_OF_INTEREST.length);
    const stateCounts = new Int32Array(US_STATE_CODES.length);
    let total = 0;
    // The hot loop of every directory call: bit tests and typed counters, no allocation per entry.
    for (const entry of this.listed[search.sort]) {
      if (only && !only.has(entry.id)) continue;
      if (textIds && !textIds.has(entry.id) && (entry.areaBits & textAreaBits) === 0) continue;
      const inAreas = chosenAreaBits === 0 || (entry.areaBits & chosenAreaBits) !== 0;
      const inPlace = (!search.state || entry.state === search.state) && (!city || entry.cityKey === city);
      if (inAreas && entry.stateIndex >= 0) stateCounts[entry.stateIndex]! += 1;
      if (inPlace) for (let bits = entry.areaBits, area = 0; bits !== 0; bits >>>= 1, area += 1) if (bits & 1) areaCounts[area]! += 1;
      if (!inAreas || !inPlace) continue;
      if (total >= start && entries.length < DIRECTORY_PAGE_SIZE) entries.push(entry);
      total += 1;
    }
    if (unfiltered) this.unfilteredCounts = { areaCounts, stateCounts };
    return { entries, total, areaCounts, stateCounts };
  }

  /**
   * The admins' list: every provider with an account by status and search (the start of any word of
   * the practice, name, city, email or NPI), newest first, a page of ids, with the counts of each status.
   */
  admin(query: AdminProvidersQuery): AdminResult {
    const page = query.page ?? 1;
    const search = normalizeSearch(query.search);
    const textIds = search ? this.textMatches(search, ADMIN_TEXT_FIELDS, false) : undefined;
    const stats: ProviderStats = { total: 0, approved: 0, pending: 0, blocked: 0 };
    const start = (page - 1) * ADMIN_PROVIDERS_PAGE_SIZE;
    const ids: string[] = [];
    let total = 0;
    for (const entry of this.newestFirst) {
      stats[entry.status] += 1;
      stats.total += 1;
      if (query.status && entry.status !== query.status) continue;
      if (textIds && !textIds.has(entry.id)) continue;
      if (total >= start && ids.length < ADMIN_PROVIDERS_PAGE_SIZE) ids.push(entry.id);
      total += 1;
    }
    return { ids, total, stats };
  }
}
