import {
  ADMIN_PROVIDERS_PAGE_SIZE,
  AREAS_OF_INTEREST,
  DIRECTORY_PAGE_SIZE,
  US_STATE_CODES,
  directorySortOf,
  type AdminProvidersQuery,
  type DirectorySearch,
  type DirectorySort,
  type ProviderStats,
  type ProviderStatus,
} from '@altmed/contracts';
import { MAP_ENTRY_BYTES, objectBytes, stringBytes, type ReadModelFigures } from '@altmed/service-kit';
import { OUTSIDE, usZipTable, type Coordinates } from '../places/zip-places';
import type { ProviderDocument } from '../providers/provider.model';
import { statusOf, verifiedAtOf } from '../providers/provider-view';
import { OrderedColumns } from './ordered-columns';
import { TextMatcher, hasSlot, textOf } from './text-matcher';

/**
 * What the index keeps of a provider with an account: what the searches filter, sort and count by,
 * and a directory card. Compact: what many providers share (their areas, state) is one value shared
 * by all, dates are numbers, and of the headshot only the thumbnail's key.
 */
export interface SearchEntry {
  id: string;
  providerName: string;
  practiceName: string;
  email: string;
  npiNumber: string;
  city: string;
  state: string;
  /** Shared by every entry with the same areas: never change it. */
  specialties: readonly string[];
  /** The areas of interest as bits of AREAS_OF_INTEREST's positions, and the state's position in US_STATE_CODES: what the filters test and the counts count. */
  areaBits: number;
  stateIndex: number;
  headshotThumbnailKey: string | undefined;
  totalReviews: number;
  averageRating: number;
  status: ProviderStatus;
  /** Milliseconds; NaN when not verified. */
  verifiedAt: number;
  createdAt: number;
  /** The practice ZIP's number in the US ZIP table; -1 when it is not a known US ZIP (no distance). */
  zipId: number;
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
  zip: 1,
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
  const stateIndex = STATE_INDEX.get(record.state) ?? -1;
  return {
    id: record._id,
    providerName: record.providerName,
    practiceName: record.practiceName,
    email: record.email,
    npiNumber: record.npiNumber,
    city: record.city,
    state: stateIndex === -1 ? record.state : US_STATE_CODES[stateIndex]!,
    specialties: sharedAreas(record.specialties),
    areaBits: bitsOfAreas(record.specialties),
    stateIndex,
    // Every entry has every property (undefined where there is none), so all share one shape: the hot loop stays fast.
    headshotThumbnailKey: record.headshot?.thumbnailKey,
    totalReviews: record.reviewStats?.totalReviews ?? 0,
    averageRating: record.reviewStats?.averageRating ?? 0,
    status: statusOf(record),
    verifiedAt: verifiedAtOf(record)?.getTime() ?? Number.NaN,
    createdAt: record.createdAt.getTime(),
    zipId: usZipTable().idOf(record.zip),
  };
}

/** One array per list of areas, shared by the entries that name the same areas in the same order. */
const AREA_LISTS = new Map<string, readonly string[]>();

/** Lists kept to share, at most: beyond it (lists in unusual orders, arriving over months) it starts again. */
const MAX_AREA_LISTS = 10_000;

function sharedAreas(areas: readonly string[]): readonly string[] {
  const key = areas.join('\n');
  let shared = AREA_LISTS.get(key);
  if (!shared) {
    if (AREA_LISTS.size >= MAX_AREA_LISTS) AREA_LISTS.clear();
    AREA_LISTS.set(key, (shared = Object.freeze([...areas])));
  }
  return shared;
}

type Compare = (a: SearchEntry, b: SearchEntry) => number;
const byId: Compare = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Names compared normalized, made for each comparison: an entry keeps no second copy of its name (a sort of every entry makes each once, `byKnownName`). */
const byName: Compare = (a, b) => byKeys(normalize(a.providerName), normalize(b.providerName)) || byId(a, b);
/** What each directory order compares before the name. */
/** The orders kept in the index; nearest first is ordered per search, from the name order. */
type KeptSort = Exclude<DirectorySort, 'distance'>;
const KEPT_SORTS = ['rating', 'reviews', 'name'] as const satisfies readonly KeptSort[];
const BEFORE_NAME: Record<Exclude<KeptSort, 'name'>, Compare> = {
  rating: (a, b) => b.averageRating - a.averageRating || b.totalReviews - a.totalReviews,
  reviews: (a, b) => b.totalReviews - a.totalReviews || b.averageRating - a.averageRating,
};
const DIRECTORY_ORDER: Record<KeptSort, Compare> = {
  rating: (a, b) => BEFORE_NAME.rating(a, b) || byName(a, b),
  reviews: (a, b) => BEFORE_NAME.reviews(a, b) || byName(a, b),
  name: byName,
};
/** The admin list: newest first. */
const ADMIN_ORDER: Compare = (a, b) => b.createdAt - a.createdAt || byId(a, b);

/**
 * Nearest first sorts numbers, not objects through a comparator: a match's key is its miles to a
 * ten-thousandth of a mile, then its place in the name order (ties go by name), read back with `%`.
 */
const NEAR_MATCHES_LIMIT = 2 ** 22;
const nearestFirstKey = (miles: number, nameOrderPlace: number) => Math.round(miles * 10_000) * NEAR_MATCHES_LIMIT + nameOrderPlace;

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

/** A search near a place: the place and the radius in miles. */
export interface NearSearch {
  origin: Coordinates;
  radiusMiles: number;
}

export interface DirectoryResult {
  entries: SearchEntry[];
  /** Near a place: each entry's exact miles from it, in the entries' order. */
  miles?: number[];
  /** Near a place: how many providers matching everything else have no known US ZIP (and so no distance). */
  withoutDistance?: number;
  total: number;
  /** How many providers each area of interest (by its position in AREAS_OF_INTEREST) holds with the other filters as they are (the areas filter left out). */
  areaCounts: Int32Array;
  /** The same per state, by its position in US_STATE_CODES (the state filter left out: the city, typed on its own, stays when the state changes). */
  stateCounts: Int32Array;
}

export interface AdminResult {
  ids: string[];
  total: number;
  stats: ProviderStats;
}

/** An entry as the index holds it: with its slot (a number of its own in this index, never given twice) and its city's number. */
interface IndexedEntry extends SearchEntry {
  slot: number;
  cityId: number;
}

/** An indexed entry's object: its 21 properties, three of them numbers in boxes of their own (rating and two times). */
const ENTRY_BYTES = objectBytes(21, 3);

const STATUS_CODE: Record<ProviderStatus, number> = { approved: 0, pending: 1, blocked: 2 };

/** What the directory's searches test, and the admin list's, per entry. */
const DIRECTORY_COLUMNS = {
  areaBits: (entry: IndexedEntry) => entry.areaBits,
  stateIndex: (entry: IndexedEntry) => entry.stateIndex,
  cityId: (entry: IndexedEntry) => entry.cityId,
  zipId: (entry: IndexedEntry) => entry.zipId,
};
const ADMIN_COLUMNS = { status: (entry: IndexedEntry) => STATUS_CODE[entry.status] };
type DirectoryColumns = OrderedColumns<IndexedEntry, keyof typeof DIRECTORY_COLUMNS>;
type AdminColumns = OrderedColumns<IndexedEntry, keyof typeof ADMIN_COLUMNS>;

/**
 * Every provider with an account, in memory: the members' directory and the admins' provider search
 * answer from here (text through `TextMatcher`, filters, sorts and counts over columns kept in each
 * order). The records in MongoDB stay the truth; `upsert` and `remove` keep this in step with them.
 */
export class ProviderSearchIndex {
  private readonly entries = new Map<string, IndexedEntry>();
  /** The entries by slot (a slot's entry is gone once removed). */
  private readonly bySlot: (IndexedEntry | undefined)[] = [];
  private readonly text = new TextMatcher();
  private readonly entryOf = (slot: number): IndexedEntry => this.bySlot[slot]!;
  /** Listed entries in each directory order, and every entry in the admin order (newest first). */
  private readonly listed: Record<KeptSort, DirectoryColumns>;
  private readonly newestFirst: AdminColumns;
  private readonly stats: ProviderStats = { total: 0, approved: 0, pending: 0, blocked: 0 };
  /** The counts of the unfiltered directory (its landing page), kept until the next change. */
  private unfilteredCounts: Pick<DirectoryResult, 'areaCounts' | 'stateCounts'> | undefined;

  constructor(
    entries: IndexedEntry[] = [],
    private readonly cities = new Cities(),
  ) {
    for (const entry of entries) {
      this.entries.set(entry.id, entry);
      this.bySlot[entry.slot] = entry;
      this.stats[entry.status] += 1;
      this.stats.total += 1;
    }
    // One sort compares names; the others are stable sorts of that order by numbers only, so names still break their ties.
    const nameKeys: string[] = [];
    const listed = entries.filter((entry) => entry.status === 'approved');
    for (const entry of listed) nameKeys[entry.slot] = normalize(entry.providerName);
    const byKnownName = (a: IndexedEntry, b: IndexedEntry) => byKeys(nameKeys[a.slot]!, nameKeys[b.slot]!) || byId(a, b);
    const byName = listed.sort(byKnownName);
    const listedIn = (sort: KeptSort, inOrder: IndexedEntry[]) => OrderedColumns.of(inOrder, DIRECTORY_ORDER[sort], this.entryOf, DIRECTORY_COLUMNS);
    this.listed = {
      name: listedIn('name', byName),
      rating: listedIn('rating', [...byName].sort(BEFORE_NAME.rating)),
      reviews: listedIn('reviews', [...byName].sort(BEFORE_NAME.reviews)),
    };
    this.newestFirst = OrderedColumns.of([...entries].sort(ADMIN_ORDER), ADMIN_ORDER, this.entryOf, ADMIN_COLUMNS);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Its entries and their memory, roughly: each entry's object and strings, the cities, the columns, the text index, the ZIP table. */
  memoryFigures(): ReadModelFigures {
    // The US ZIP table is one per process, shared by every index: counted here, where it is used.
    let bytes = this.bySlot.length * 8 + this.cities.approximateBytes() + this.text.approximateBytes() + usZipTable().approximateBytes();
    for (const entry of this.entries.values()) {
      bytes += ENTRY_BYTES + MAP_ENTRY_BYTES;
      for (const text of [entry.id, entry.providerName, entry.practiceName, entry.email, entry.npiNumber, entry.headshotThumbnailKey])
        bytes += stringBytes(text);
    }
    for (const columns of [...Object.values(this.listed), this.newestFirst])
      for (const column of Object.values<Int32Array>(columns.values)) bytes += column.byteLength;
    return { entries: this.entries.size, approximateBytes: bytes };
  }

  /** Puts a record's entry in place of the one it had; a record no search shows leaves the index. */
  upsert(record: SearchedRecord): void {
    const found = searchEntryOf(record);
    if (!found) return this.remove(record._id);
    const previous = this.entries.get(found.id);
    const entry = this.indexed(found, previous?.slot);
    if (previous) {
      this.unorder(previous);
      if (textOf(previous) !== textOf(entry)) this.text.replace(previous, entry);
    } else {
      this.text.add(entry);
    }
    this.entries.set(entry.id, entry);
    this.bySlot[entry.slot] = entry;
    this.order(entry);
  }

  remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.unorder(entry);
    this.entries.delete(id);
    this.bySlot[entry.slot] = undefined;
    this.text.discard(entry);
  }

  static empty(): ProviderSearchIndex {
    return new ProviderSearchIndex();
  }

  /**
   * A new index of these records (a full read, as they come from a cursor: only the compact entries are
   * kept). The text index is built in chunks that let other work run between them, so the index it
   * replaces keeps answering meanwhile.
   */
  static async of(records: Iterable<SearchedRecord> | AsyncIterable<SearchedRecord>): Promise<ProviderSearchIndex> {
    // A cursor over records that change as it reads may give one twice: the later read is the one kept.
    // Each read's entry is made once, in its final shape: a copy would leave 100,000 objects behind for the old generation.
    const read = new Map<string, IndexedEntry>();
    for await (const record of records) {
      const found = searchEntryOf(record);
      if (found) read.set(found.id, { ...found, slot: -1, cityId: -1 });
      else read.delete(record._id);
    }
    const cities = new Cities();
    const entries = [...read.values()];
    read.clear();
    entries.forEach((entry, slot) => {
      entry.slot = slot;
      cities.place(entry);
    });
    const index = new ProviderSearchIndex(entries, cities);
    await index.text.addAll(entries);
    return index;
  }

  private indexed(entry: SearchEntry, slot = this.bySlot.length): IndexedEntry {
    const indexed = { ...entry, slot, cityId: -1 };
    this.cities.place(indexed);
    return indexed;
  }

  private order(entry: IndexedEntry): void {
    this.unfilteredCounts = undefined;
    if (entry.status === 'approved') for (const sort of KEPT_SORTS) this.listed[sort].insert(entry);
    this.newestFirst.insert(entry);
    this.stats[entry.status] += 1;
    this.stats.total += 1;
  }

  private unorder(entry: IndexedEntry): void {
    this.unfilteredCounts = undefined;
    if (entry.status === 'approved') for (const sort of KEPT_SORTS) this.listed[sort].remove(entry);
    this.newestFirst.remove(entry);
    this.stats[entry.status] -= 1;
    this.stats.total -= 1;
  }

  /**
   * One page of the directory: listed providers matching the text (a name or practice, or naming an
   * area of interest), any of the areas, the state and city, within the radius of a place and, when
   * given, only these ids; in the sort's order; with the counts per area and per state beside it.
   */
  directory(search: DirectorySearch, options: { onlyIds?: readonly string[]; near?: NearSearch } = {}): DirectoryResult {
    const { onlyIds, near } = options;
    const text = normalizeSearch(search.q);
    const unfiltered = !text && !onlyIds && !near && !search.areas?.length && !search.state && !search.city;
    const sort = directorySortOf(search);
    const nearestFirst = sort === 'distance';
    // Nearest first walks the name order, so that a stable sort by miles leaves names breaking its ties.
    const listed = this.listed[nearestFirst ? 'name' : sort];
    const start = (search.page - 1) * DIRECTORY_PAGE_SIZE;
    if (unfiltered && !nearestFirst && this.unfilteredCounts) {
      const end = Math.min(start + DIRECTORY_PAGE_SIZE, listed.length);
      const entries: SearchEntry[] = [];
      for (let position = start; position < end; position += 1) entries.push(listed.at(position));
      return { entries, total: listed.length, ...this.unfilteredCounts };
    }
    // A search with no word left (only punctuation) matches no name: only the areas it names, if any.
    const textMatches = text ? (this.text.matches(text, 'directory', this.bySlot.length) ?? new Uint32Array(0)) : undefined;
    const textAreaBits = text ? bitsOfAreas(areasMatching(text)) : 0;
    const chosenAreaBits = search.areas && search.areas.length > 0 ? bitsOfAreas(search.areas) : 0;
    const state = search.state ? (STATE_INDEX.get(search.state) ?? -2) : -1;
    const city = search.city ? (this.cities.ids.get(normalize(search.city)) ?? -2) : -1;
    const only = onlyIds ? new Set(onlyIds.flatMap((id) => this.entries.get(id)?.slot ?? [])) : undefined;
    const milesByZip = near ? usZipTable().milesWithin(near.origin, near.radiusMiles) : undefined;
    const { slot: slots, areaBits: areaBitsAt, stateIndex: stateAt, cityId: cityAt, zipId: zipAt } = listed.values;

    const entries: SearchEntry[] = [];
    const miles: number[] = [];
    /** Nearest first: every match's slot and miles, in name order, sorted once the walk is done. */
    const nearSlots: number[] = [];
    const nearMiles: number[] = [];
    const nearKeys: number[] = [];
    const areaCounts = new Int32Array(AREAS_OF_INTEREST.length);
    const stateCounts = new Int32Array(US_STATE_CODES.length);
    let total = 0;
    let withoutDistance = 0;
    // The hot loop of every directory call: typed arrays, bit tests and typed counters, no allocation per entry.
    for (let position = 0; position < listed.length; position += 1) {
      const slot = slots[position]!;
      const areaBits = areaBitsAt[position]!;
      if (only && !only.has(slot)) continue;
      if (textMatches && !hasSlot(textMatches, slot) && (areaBits & textAreaBits) === 0) continue;
      const stateIndex = stateAt[position]!;
      const inAreas = chosenAreaBits === 0 || (areaBits & chosenAreaBits) !== 0;
      const inCity = city === -1 || cityAt[position] === city;
      const inPlace = (state === -1 || stateIndex === state) && inCity;
      let distance = 0;
      if (milesByZip) {
        const zipId = zipAt[position]!;
        if (zipId === -1) {
          if (inAreas && inPlace) withoutDistance += 1;
          continue;
        }
        distance = milesByZip[zipId]!;
        if (distance === OUTSIDE) continue;
      }
      if (inAreas && inCity && stateIndex >= 0) stateCounts[stateIndex]! += 1;
      if (inPlace) for (let bits = areaBits, area = 0; bits !== 0; bits >>>= 1, area += 1) if (bits & 1) areaCounts[area]! += 1;
      if (!inAreas || !inPlace) continue;
      if (nearestFirst) {
        nearKeys.push(nearestFirstKey(distance, nearSlots.length));
        nearSlots.push(slot);
        nearMiles.push(distance);
      } else if (total >= start && entries.length < DIRECTORY_PAGE_SIZE) {
        entries.push(this.entryOf(slot));
        miles.push(distance);
      }
      total += 1;
    }
    if (nearestFirst) {
      const keys = Float64Array.from(nearKeys).sort();
      for (const key of keys.subarray(start, start + DIRECTORY_PAGE_SIZE)) {
        const match = key % NEAR_MATCHES_LIMIT;
        entries.push(this.entryOf(nearSlots[match]!));
        miles.push(nearMiles[match]!);
      }
    }
    if (unfiltered) this.unfilteredCounts = { areaCounts, stateCounts };
    return { entries, total, areaCounts, stateCounts, ...(near ? { miles, withoutDistance } : {}) };
  }

  /**
   * The admins' list: every provider with an account by status and search (the start of any word of
   * the practice, name, city, email or NPI), newest first, a page of ids, with the counts of each status.
   */
  admin(query: AdminProvidersQuery): AdminResult {
    const start = ((query.page ?? 1) - 1) * ADMIN_PROVIDERS_PAGE_SIZE;
    const search = normalizeSearch(query.search);
    const textMatches = search ? (this.text.matches(search, 'admin', this.bySlot.length) ?? new Uint32Array(0)) : undefined;
    const status = query.status ? STATUS_CODE[query.status] : -1;
    // Without a search the total is a count already kept: the walk stops at the end of the page.
    const total = textMatches ? undefined : query.status ? this.stats[query.status] : this.stats.total;
    const { slot: slots, status: statusAt } = this.newestFirst.values;
    const ids: string[] = [];
    let matched = 0;
    for (let position = 0; position < this.newestFirst.length; position += 1) {
      if (status !== -1 && statusAt[position] !== status) continue;
      if (textMatches && !hasSlot(textMatches, slots[position]!)) continue;
      if (matched >= start && ids.length < ADMIN_PROVIDERS_PAGE_SIZE) ids.push(this.entryOf(slots[position]!).id);
      matched += 1;
      if (total !== undefined && ids.length === ADMIN_PROVIDERS_PAGE_SIZE) break;
    }
    return { ids, total: total ?? matched, stats: { ...this.stats } };
  }
}

/** The cities of an index: each one's number (by its normalized name), given when first seen, and one copy of each name as written. */
class Cities {
  readonly ids = new Map<string, number>();
  private readonly names = new Map<string, string>();

  /** Gives the entry its city's number, and the name's shared copy. */
  place(entry: IndexedEntry): void {
    const cityKey = normalize(entry.city);
    let id = this.ids.get(cityKey);
    if (id === undefined) this.ids.set(cityKey, (id = this.ids.size));
    entry.cityId = id;
    const shared = this.names.get(entry.city);
    if (shared === undefined) this.names.set(entry.city, entry.city);
    else entry.city = shared;
  }

  approximateBytes(): number {
    let bytes = (this.ids.size + this.names.size) * MAP_ENTRY_BYTES;
    for (const cityKey of this.ids.keys()) bytes += stringBytes(cityKey);
    for (const name of this.names.keys()) bytes += stringBytes(name);
    return bytes;
  }
}
