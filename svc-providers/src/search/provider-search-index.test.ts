import { distance as kilometresBetween } from 'geokdbush';
import MiniSearch from 'minisearch';
import { lookup } from 'zipcodes';
import {
  ADMIN_PROVIDERS_PAGE_SIZE,
  AREAS_OF_INTEREST,
  DIRECTORY_PAGE_SIZE,
  US_STATE_CODES,
  type AdminProvidersQuery,
  directorySortOf,
  type DirectorySearch,
  type DirectorySort,
} from '@altmed/contracts';
import { zipCoordinates } from '../places/zip-places';
import { generatedProvider, generatedProviderId } from '../seed/seed-data';
import { ProviderSearchIndex, searchEntryOf, type NearSearch, type SearchEntry, type SearchedRecord } from './provider-search-index';

/** ZIP codes in and around New York City, which a third of the providers get: near searches there find many, at several distances. */
const CITY_ZIPS = ['10001', '10013', '10128', '10301', '10460', '11201', '11375', '07030', '07302', '10701', '10801', '06830', '11550', '08701'];

/** Generated providers with ratings, statuses and dates of their own; a few share their name and city. */
function recordOf(n: number, changes: Partial<SearchedRecord> = {}): SearchedRecord {
  const provider = generatedProvider(n);
  return {
    _id: generatedProviderId(n),
    accountState: 'active',
    providerName: provider.providerName,
    practiceName: provider.practiceName,
    email: provider.email,
    npiNumber: provider.npiNumber,
    city: `Town ${n % 7}`,
    state: provider.state,
    zip: n % 3 === 0 ? CITY_ZIPS[n % CITY_ZIPS.length]! : provider.zip,
    specialties: provider.specialties,
    reviewStats: { totalReviews: n % 5, averageRating: 3 + (n % 3) * 0.5, averageSatisfactionRating: 4, averageEfficacyRating: 4 },
    isActive: provider.status !== 'blocked',
    isApproved: provider.status === 'approved',
    statusHistory: [],
    createdAt: new Date(Date.UTC(2025, 0, 1) + (n % 40) * 86_400_000),
    ...changes,
  };
}

/** The same searches answered the plain way: minisearch's own AND search over every entry, then filters, sorts and counts by hand. */
class Reference {
  readonly records = new Map<string, SearchedRecord>();

  private entries(): SearchEntry[] {
    return [...this.records.values()].flatMap((record) => searchEntryOf(record) ?? []);
  }

  private textIds(entries: SearchEntry[], search: string, fields: string[], typos: boolean): Set<string> {
    const text = new MiniSearch<SearchEntry>({ idField: 'id', fields });
    text.addAll(entries);
    const fuzzy = (term: string) => (typos && term.length >= 5 && !/\d/.test(term) ? 1 : 0);
    return new Set(text.search(search, { prefix: true, combineWith: 'AND', fuzzy }).map((result) => result.id as string));
  }

  /** Miles from the place to a record's ZIP by the zipcodes table and geokdbush's great circle (not the index's code); undefined without a known ZIP. */
  private milesFrom(near: NearSearch, entry: SearchEntry): number | undefined {
    const zip = this.records.get(entry.id)!.zip;
    const place = /^\d{5}$/.test(zip) ? lookup(zip) : undefined;
    if (!place || place.country !== 'US') return undefined;
    return kilometresBetween(near.origin.longitude, near.origin.latitude, place.longitude, place.latitude) / 1.609344;
  }

  directory(search: DirectorySearch, { onlyIds, near }: { onlyIds?: string[]; near?: NearSearch } = {}) {
    const listed = this.entries().filter((entry) => entry.status === 'approved');
    const q = search.q?.toLowerCase().trim();
    const textIds = q ? this.textIds(listed, q, ['providerName', 'practiceName'], true) : undefined;
    const areaWords = q
      ? AREAS_OF_INTEREST.filter(
          (area) =>
            area.toLowerCase().startsWith(q) ||
            area
              .toLowerCase()
              .split(/[^\p{L}\p{N}]+/u)
              .some((word) => word.startsWith(q)),
        )
      : [];
    const matchingText = listed.filter(
      (entry) => !textIds || textIds.has(entry.id) || entry.specialties.some((area) => areaWords.includes(area as (typeof areaWords)[number])),
    );
    const inAreas = (entry: SearchEntry) => !search.areas?.length || entry.specialties.some((area) => (search.areas as string[]).includes(area));
    const inCity = (entry: SearchEntry) => !search.city || entry.city.toLowerCase() === search.city.toLowerCase();
    const inPlace = (entry: SearchEntry) => (!search.state || entry.state === search.state) && inCity(entry);
    const textAndIds = matchingText.filter((entry) => !onlyIds || onlyIds.includes(entry.id));
    const miles = new Map(textAndIds.map((entry) => [entry.id, near ? this.milesFrom(near, entry) : 0]));
    const candidates = textAndIds.filter((entry) => !near || (miles.get(entry.id) ?? Infinity) <= near.radiusMiles);
    const order: Record<DirectorySort, (a: SearchEntry, b: SearchEntry) => number> = {
      rating: (a, b) => b.averageRating - a.averageRating || b.totalReviews - a.totalReviews || byName(a, b),
      reviews: (a, b) => b.totalReviews - a.totalReviews || b.averageRating - a.averageRating || byName(a, b),
      name: (a, b) => byName(a, b),
      distance: (a, b) => miles.get(a.id)! - miles.get(b.id)! || byName(a, b),
    };
    const matching = candidates.filter((entry) => inAreas(entry) && inPlace(entry)).sort(order[directorySortOf(search)]);
    const start = (search.page - 1) * DIRECTORY_PAGE_SIZE;
    const page = matching.slice(start, start + DIRECTORY_PAGE_SIZE);
    return {
      ids: page.map((entry) => entry.id),
      total: matching.length,
      areaCounts: AREAS_OF_INTEREST.map((area) => candidates.filter((entry) => inPlace(entry) && entry.specialties.includes(area)).length),
      stateCounts: US_STATE_CODES.map((state) => candidates.filter((entry) => inAreas(entry) && inCity(entry) && entry.state === state).length),
      ...(near
        ? {
            miles: page.map((entry) => miles.get(entry.id)!),
            withoutDistance: textAndIds.filter((entry) => miles.get(entry.id) === undefined && inAreas(entry) && inPlace(entry)).length,
          }
        : {}),
    };
  }

  admin(query: AdminProvidersQuery) {
    const entries = this.entries().sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
    const textIds = query.search ? this.textIds(entries, query.search, ['practiceName', 'providerName', 'city', 'email', 'npiNumber'], false) : undefined;
    const matching = entries.filter((entry) => (!query.status || entry.status === query.status) && (!textIds || textIds.has(entry.id)));
    const start = ((query.page ?? 1) - 1) * ADMIN_PROVIDERS_PAGE_SIZE;
    const count = (status: string) => entries.filter((entry) => entry.status === status).length;
    return {
      ids: matching.slice(start, start + ADMIN_PROVIDERS_PAGE_SIZE).map((entry) => entry.id),
      total: matching.length,
      stats: { total: entries.length, approved: count('approved'), pending: count('pending'), blocked: count('blocked') },
    };
  }
}

const byName = (a: SearchEntry, b: SearchEntry) => {
  const [x, y] = [a.providerName.toLowerCase(), b.providerName.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

const sample = recordOf(3);
const sampleLastName = /^Dr\. \S+ (\S+),/.exec(sample.providerName)![1]!;
const directorySearches: DirectorySearch[] = [
  { sort: 'rating', page: 1 },
  { sort: 'name', page: 2 },
  { sort: 'reviews', page: 1, q: sampleLastName },
  { sort: 'rating', page: 1, q: `${sampleLastName.slice(0, 2)}${sampleLastName.slice(3)}` },
  { sort: 'name', page: 1, q: `${sampleLastName.toLowerCase()} dr` },
  { sort: 'rating', page: 1, q: 'nutri' },
  { sort: 'rating', page: 1, q: '!!!' },
  { sort: 'rating', page: 1, areas: [AREAS_OF_INTEREST[0], AREAS_OF_INTEREST[3]] },
  { sort: 'reviews', page: 1, state: sample.state as DirectorySearch['state'], city: 'town 3' },
  { sort: 'rating', page: 1, city: 'Nowhere' },
  { sort: 'rating', page: 1, city: 'town 5' },
];
const midtown = zipCoordinates('10001')!;
/** Searches near a place: nearest first (the default there) and other orders, pages, areas, states and text within a radius. */
const nearSearches: { search: DirectorySearch; near: NearSearch }[] = [
  { search: { page: 1, near: '10001' }, near: { origin: midtown, radiusMiles: 25 } },
  { search: { page: 2, near: '10001' }, near: { origin: midtown, radiusMiles: 100 } },
  { search: { page: 1, near: '10001', areas: [AREAS_OF_INTEREST[1]] }, near: { origin: midtown, radiusMiles: 50 } },
  { search: { sort: 'rating', page: 1, near: '10001' }, near: { origin: midtown, radiusMiles: 10 } },
  { search: { sort: 'name', page: 1, near: '10001', state: 'NJ' }, near: { origin: midtown, radiusMiles: 25 } },
  { search: { page: 1, near: '10001', q: sampleLastName }, near: { origin: midtown, radiusMiles: 100 } },
  { search: { page: 1, lat: 40.69, lng: -73.99 }, near: { origin: { latitude: 40.69, longitude: -73.99 }, radiusMiles: 5 } },
  { search: { page: 1, near: '99501' }, near: { origin: zipCoordinates('99501')!, radiusMiles: 5 } },
];
const adminQueries: AdminProvidersQuery[] = [
  {},
  { page: 2 },
  { status: 'pending' },
  { status: 'approved', page: 2 },
  { search: sampleLastName },
  { search: 'town 3' },
  { search: sample.npiNumber },
  { search: 'provider1', status: 'blocked' },
  { search: 'first.change' },
];

function expectSameAnswers(index: ProviderSearchIndex, reference: Reference, saved: string[]) {
  for (const search of directorySearches) {
    const { entries, total, areaCounts, stateCounts } = index.directory(search);
    expect({ search, ids: entries.map((entry) => entry.id), total, areaCounts: [...areaCounts], stateCounts: [...stateCounts] }).toEqual({
      search,
      ...reference.directory(search),
    });
  }
  for (const { search, near } of nearSearches) {
    const { entries, total, areaCounts, stateCounts, miles, withoutDistance } = index.directory(search, { near });
    const expected = reference.directory(search, { near });
    expect({ search, ids: entries.map((entry) => entry.id), total, areaCounts: [...areaCounts], stateCounts: [...stateCounts], withoutDistance }).toEqual({
      search,
      ids: expected.ids,
      total: expected.total,
      areaCounts: expected.areaCounts,
      stateCounts: expected.stateCounts,
      withoutDistance: expected.withoutDistance,
    });
    miles!.forEach((distance, at) => expect(distance).toBeCloseTo(expected.miles![at]!, 2));
  }
  const savedSearch: DirectorySearch = { sort: 'name', page: 1 };
  expect(index.directory(savedSearch, { onlyIds: saved }).entries.map((entry) => entry.id)).toEqual(reference.directory(savedSearch, { onlyIds: saved }).ids);
  for (const query of adminQueries) expect({ query, ...index.admin(query) }).toEqual({ query, ...reference.admin(query) });
}

describe('the search index', () => {
  const reference = new Reference();
  let index: ProviderSearchIndex;

  beforeAll(async () => {
    for (let n = 0; n < 400; n += 1) reference.records.set(generatedProviderId(n), recordOf(n));
    index = await ProviderSearchIndex.of(reference.records.values());
  });

  it('answers the directory and the admin list as a plain search over every entry does', () => {
    expect(index.size).toBe(400);
    expectSameAnswers(index, reference, [generatedProviderId(5), generatedProviderId(7), generatedProviderId(10)]);
    // The near searches compared are not empty ones: a second page within 100 miles, and providers without a known ZIP left out.
    const within100 = index.directory(nearSearches[1]!.search, { near: nearSearches[1]!.near });
    expect(within100.total).toBeGreaterThan(DIRECTORY_PAGE_SIZE);
    expect(within100.withoutDistance).toBeGreaterThan(0);
    expect(within100.miles).toEqual([...within100.miles!].sort((a, b) => a - b));
  });

  const apply = (changes: SearchedRecord[]) => {
    for (const record of changes) {
      index.upsert(record);
      reference.records.set(record._id, record);
    }
  };

  it('stays the same as the plain search after a provider is renamed (the kept answers for words are dropped)', () => {
    // Twice before any search: the first new email's words, still waiting to be merged, leave with the second change.
    apply([recordOf(4, { email: 'first.change@renamed.example' })]);
    apply([
      recordOf(4, { providerName: 'Dr. Zed Okafor, MD', practiceName: 'Quiet Harbor Clinic' }),
      recordOf(20, { providerName: `Dr. Ana ${sampleLastName}son, MD`, practiceName: 'Town 3 Nutrition' }),
    ]);
    expectSameAnswers(index, reference, [generatedProviderId(4), generatedProviderId(20)]);
  });

  it('stays the same as the plain search after re-ratings, approvals, blocks, new providers and removals', () => {
    apply([
      recordOf(3, { reviewStats: { totalReviews: 40, averageRating: 5, averageSatisfactionRating: 5, averageEfficacyRating: 5 } }),
      recordOf(10, { isApproved: true }),
      recordOf(11, { isActive: false }),
      recordOf(500),
      recordOf(501, { city: 'Town 3', providerName: `Dr. ${sampleLastName} Quinn, ND` }),
      recordOf(12, { accountState: 'creating' }),
    ]);
    index.remove(generatedProviderId(13));
    reference.records.delete(generatedProviderId(13));
    expectSameAnswers(index, reference, [generatedProviderId(4), generatedProviderId(500), generatedProviderId(13)]);
  });

  it('reports its entries, and memory that follows them', async () => {
    const small = await ProviderSearchIndex.of([recordOf(1), recordOf(2)]);
    const before = small.memoryFigures();
    expect(before.entries).toBe(2);
    small.upsert(recordOf(3, { providerName: 'Dr. Maximiliana Worthington-Featherstonehaugh, ND' }));
    const grown = small.memoryFigures();
    expect(grown.entries).toBe(3);
    expect(grown.approximateBytes).toBeGreaterThan(before.approximateBytes + 100);
    small.remove(generatedProviderId(3));
    expect(small.memoryFigures().entries).toBe(2);
    expect(small.memoryFigures().approximateBytes).toBeLessThan(grown.approximateBytes);
    // About half a kilobyte an entry beside its words, as the read-models bench measures.
    expect(index.memoryFigures().approximateBytes / index.size).toBeGreaterThan(500);
  });
});
