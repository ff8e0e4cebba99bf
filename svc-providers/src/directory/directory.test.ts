import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { lookup } from 'zipcodes';
import type { DirectoryProvider, DirectoryResponse, SavedProvidersResponse } from '@altmed/contracts';
import { eventually, withDatabase } from '@altmed/local-stack/src/testing';
import { greatCircleMiles } from '../test/great-circle';
import { activeMember, adminToken, announceProviderChanges, memberToken, signUpProvider, startTestProviders, type TestProviders } from '../test/test-service';

let site: TestProviders;
let admin: string;
let paying: string;
let payingId: string;
let unpaid: string;
const ids: Record<string, string> = {};

interface Listing {
  key: string;
  providerName: string;
  practiceName: string;
  city: string;
  state: string;
  zip: string;
  specialties: string[];
  status: 'approved' | 'pending' | 'blocked';
  reviewStats?: { totalReviews: number; averageRating: number };
}

/** Three listed providers, and two that must never be listed (pending, blocked), all in Austin for Nutrition where it matters. */
const listings: Listing[] = [
  {
    key: 'maya',
    providerName: 'Dr. Maya Patel',
    practiceName: 'Green Valley Wellness',
    city: 'Austin',
    state: 'TX',
    zip: '78704',
    specialties: ['Nutrition', 'Autoimmune'],
    status: 'approved',
    reviewStats: { totalReviews: 3, averageRating: 4.5 },
  },
  {
    key: 'liam',
    providerName: 'Dr. Liam Chen',
    practiceName: 'Harbor Acupuncture',
    city: 'Portland',
    state: 'OR',
    zip: '97201',
    specialties: ["Women's Health"],
    status: 'approved',
    reviewStats: { totalReviews: 10, averageRating: 4 },
  },
  {
    key: 'ava',
    providerName: 'Dr. Ava Brooks',
    practiceName: 'Summit Chiropractic',
    city: 'Austin',
    state: 'TX',
    zip: '78750',
    specialties: ['Orthopedic'],
    status: 'approved',
  },
  {
    key: 'pending',
    providerName: 'Dr. Noah Waiting',
    practiceName: 'Austin Nutrition Pending',
    city: 'Austin',
    state: 'TX',
    zip: '78704',
    specialties: ['Nutrition'],
    status: 'pending',
  },
  {
    key: 'blocked',
    providerName: 'Dr. Zoe Blocked',
    practiceName: 'Austin Nutrition Blocked',
    city: 'Austin',
    state: 'TX',
    zip: '78704',
    specialties: ['Nutrition'],
    status: 'blocked',
  },
];

beforeAll(async () => {
  site = await startTestProviders();
  admin = await adminToken(site.identity.url);
  const member = await activeMember(site.identity.url);
  paying = member.token;
  payingId = member.user.id;
  unpaid = await memberToken(site.identity.url);
  for (const listing of listings) {
    const { providerId, token } = await signUpProvider(site.url, {
      providerName: listing.providerName,
      practiceName: listing.practiceName,
      city: listing.city,
      state: listing.state,
      zip: listing.zip,
    });
    await request(site.url)
      .put(`/provider-info/${providerId}/qualifications`)
      .set('Authorization', `Bearer ${token}`)
      .send({ specialties: listing.specialties })
      .expect(200);
    if (listing.status !== 'pending') await setStatus(providerId, 'approve');
    if (listing.status === 'blocked') await setStatus(providerId, 'block');
    ids[listing.key] = providerId;
  }
  // The review figures the reviews feature keeps on each record, written here as it would.
  await withDatabase(site.database, async (connection) => {
    for (const listing of listings) {
      if (!listing.reviewStats) continue;
      const { totalReviews, averageRating } = listing.reviewStats;
      await connection
        .collection<{ _id: string }>('providers')
        .updateOne(
          { _id: ids[listing.key] },
          { $set: { reviewStats: { totalReviews, averageRating, averageSatisfactionRating: averageRating, averageEfficacyRating: averageRating } } },
        );
    }
  });
  await announceProviderChanges(Object.values(ids));
  await eventually(
    async () => {
      const listed = found(await search('?sort=reviews', paying)).providers;
      return listings.every(
        (listing) =>
          !listing.reviewStats ||
          listing.status !== 'approved' ||
          listed.find((card) => card._id === ids[listing.key])?.totalReviews === listing.reviewStats.totalReviews,
      );
    },
    10_000,
    'the search index did not read the review figures',
  );
}, 120_000);
afterAll(() => site.stopAll());

async function setStatus(providerId: string, status: 'approve' | 'block') {
  await request(site.url).put(`/admins/providers/${providerId}/status`).set('Authorization', `Bearer ${admin}`).send({ status }).expect(200);
}

async function setZip(key: string, zip: string) {
  await withDatabase(site.database, (connection) => connection.collection<{ _id: string }>('providers').updateOne({ _id: ids[key] }, { $set: { zip } }));
  await announceProviderChanges([ids[key]!]);
}

const search = (query: string, token?: string) => {
  const call = request(site.url).get(`/directory/providers${query}`);
  return token ? call.set('Authorization', `Bearer ${token}`) : call;
};
const found = (response: { body: unknown }) => response.body as DirectoryResponse;
const keysOf = (providers: DirectoryProvider[]) => providers.map((provider) => Object.entries(ids).find(([, id]) => id === provider._id)?.[0] ?? provider._id);

describe('GET /directory/providers', () => {
  it('lists only approved, active providers to a member who has paid, best rated first, with the card fields and nothing private', async () => {
    const result = found(await search('', paying).expect(200));
    expect(result).toMatchObject({ access: 'full', total: 3, page: 1, pageSize: 20, totalPages: 1 });
    expect(keysOf(result.providers)).toEqual(['maya', 'liam', 'ava']);
    const maya = result.providers[0]!;
    expect(maya).toMatchObject({
      providerName: 'Dr. Maya Patel',
      practiceName: 'Green Valley Wellness',
      city: 'Austin',
      state: 'TX',
      specialties: ['Nutrition', 'Autoimmune'],
      totalReviews: 3,
      averageRating: 4.5,
    });
    expect(Date.parse(maya.verifiedAt!)).toBeGreaterThan(Date.now() - 300_000);
    expect(result.providers[2]).toMatchObject({ totalReviews: 0, averageRating: 0 });
    const fields = new Set(result.providers.flatMap((provider) => Object.keys(provider)));
    for (const privateField of ['email', 'npiNumber', 'stateLicenses', 'phone', 'statusHistory', 'searchKeys', 'directoryKeys', 'blockedReason']) {
      expect(fields).not.toContain(privateField);
    }
  });

  it('finds by name, practice or area of interest from the start of a word, regardless of case', async () => {
    expect(keysOf(found(await search('?q=PATEL', paying).expect(200)).providers)).toEqual(['maya']);
    expect(keysOf(found(await search('?q=harb', paying).expect(200)).providers)).toEqual(['liam']);
    expect(keysOf(found(await search('?q=nutri', paying).expect(200)).providers)).toEqual(['maya']);
    expect(keysOf(found(await search('?q=health', paying).expect(200)).providers)).toEqual(['liam']);
    expect(found(await search('?q=atel', paying).expect(200)).total).toBe(0);
  });

  it('filters by one or more areas, and by state and city', async () => {
    expect(keysOf(found(await search('?areas=Orthopedic', paying).expect(200)).providers)).toEqual(['ava']);
    expect(keysOf(found(await search(`?areas=Orthopedic&areas=${encodeURIComponent("Women's Health")}`, paying).expect(200)).providers)).toEqual([
      'liam',
      'ava',
    ]);
    expect(keysOf(found(await search('?areas=Orthopedic,Nutrition', paying).expect(200)).providers)).toEqual(['maya', 'ava']);
    expect(keysOf(found(await search('?state=TX&city=%20austin%20', paying).expect(200)).providers)).toEqual(['maya', 'ava']);
    expect(found(await search('?state=OR&city=Austin', paying).expect(200)).total).toBe(0);
  });

  it('sorts by number of reviews and by name', async () => {
    expect(keysOf(found(await search('?sort=reviews', paying).expect(200)).providers)).toEqual(['liam', 'maya', 'ava']);
    expect(keysOf(found(await search('?sort=name', paying).expect(200)).providers)).toEqual(['ava', 'liam', 'maya']);
  });

  it('counts per area within the other filters, and per state with the state left out (the city stays: it is typed on its own)', async () => {
    expect(found(await search('?state=TX', paying).expect(200))).toMatchObject({
      total: 2,
      areaCounts: [
        { area: 'Autoimmune', count: 1 },
        { area: 'Nutrition', count: 1 },
        { area: 'Orthopedic', count: 1 },
      ],
      stateCounts: [
        { state: 'TX', count: 2 },
        { state: 'OR', count: 1 },
      ],
    });
    expect(found(await search('?areas=Nutrition', paying).expect(200)).stateCounts).toEqual([{ state: 'TX', count: 1 }]);
    // Only Texas has an Austin: another state would find nothing with the city kept.
    expect(found(await search('?state=OR&city=Austin', paying).expect(200)).stateCounts).toEqual([{ state: 'TX', count: 2 }]);
  });

  it('finds words in any order and forgives one typo in a long word, never a part inside a word', async () => {
    expect(keysOf(found(await search('?q=patel%20maya', paying).expect(200)).providers)).toEqual(['maya']);
    expect(keysOf(found(await search('?q=patle', paying).expect(200)).providers)).toEqual([]);
    expect(keysOf(found(await search('?q=pattel', paying).expect(200)).providers)).toEqual(['maya']);
    expect(found(await search('?q=atel', paying).expect(200)).total).toBe(0);
  });

  it('tells a visitor and a member without a membership only how many providers match', async () => {
    for (const token of [undefined, unpaid]) {
      const result = found(await search('?state=TX', token).expect(200));
      // Not even the counts per area and state, which would place a provider found by name.
      expect(result).toEqual({ access: 'preview', providers: [], total: 2, page: 1, pageSize: 20, totalPages: 1, areaCounts: [], stateCounts: [] });
    }
  });

  it('shows everything to an admin, and a provider what a visitor sees', async () => {
    expect(found(await search('', admin).expect(200))).toMatchObject({ access: 'full', total: 3 });
    const provider = await signUpProvider(site.url);
    expect(found(await search('', provider.token).expect(200))).toMatchObject({ access: 'preview', total: 3, providers: [] });
  });

  it('answers 400 to operators, unknown parameters, huge or negative pages and values off the lists', async () => {
    const hostile = [
      '?q[$ne]=x',
      '?q=a&q=b',
      '?state[$gt]=',
      '?city[$regex]=.*',
      '?areas[$in]=Nutrition',
      '?areas=Astrology',
      '?state=XX',
      '?sort=email',
      '?sort[$natural]=1',
      '?page=0',
      '?page=-1',
      '?page=1.5',
      '?page=251',
      '?page=99999999999',
      '?page=1e3',
      '?limit=1000',
      '?isApproved=false',
      `?q=${'a'.repeat(101)}`,
      '?saved=1',
    ];
    for (const query of hostile) {
      const response = await search(query, paying);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(typeof (response.body as { message?: unknown }).message).toBe('string');
    }
  });

  it('takes a parameter sent empty as no filter (a client that sends its whole filter object)', async () => {
    const unfiltered = found(await search('', paying).expect(200));
    expect(found(await search('?q=&areas=&state=&city=&sort=&page=&saved=', paying).expect(200))).toEqual(unfiltered);
    expect((await search('?state=&page=0', paying)).status).toBe(400);
  });

  describe('near a place', () => {
    it('lists the providers within the radius nearest first, each with its distance, and counts within the radius', async () => {
      const result = found(await search('?near=78704&radius=25', paying).expect(200));
      expect(keysOf(result.providers)).toEqual(['maya', 'ava']);
      expect(result.providers.map((card) => card.distanceMiles)).toEqual([0, greatCircleMiles('78704', '78750')]);
      expect(result).toMatchObject({ total: 2, withoutDistance: 0, stateCounts: [{ state: 'TX', count: 2 }] });
      expect(result.areaCounts).toEqual(
        expect.arrayContaining([
          { area: 'Nutrition', count: 1 },
          { area: 'Orthopedic', count: 1 },
        ]),
      );
      // A smaller radius leaves the provider 11 miles away out, and the counts follow.
      const within5 = found(await search('?near=78704&radius=5', paying).expect(200));
      expect(keysOf(within5.providers)).toEqual(['maya']);
      expect(within5.areaCounts).toEqual([
        { area: 'Autoimmune', count: 1 },
        { area: 'Nutrition', count: 1 },
      ]);
      // Other orders, areas and text still apply within the radius.
      expect(keysOf(found(await search('?near=78704&radius=100&sort=name', paying).expect(200)).providers)).toEqual(['ava', 'maya']);
      expect(keysOf(found(await search('?near=78704&areas=Orthopedic', paying).expect(200)).providers)).toEqual(['ava']);
      expect(keysOf(found(await search('?near=97201&q=chen', paying).expect(200)).providers)).toEqual(['liam']);
    });

    it('gives each card its practice ZIP’s centre to 3 decimals, for the map', async () => {
      const result = found(await search('?near=78704&radius=100', paying).expect(200));
      const centre = (zip: string) => {
        const place = lookup(zip)!;
        return { latitude: Math.round(place.latitude * 1000) / 1000, longitude: Math.round(place.longitude * 1000) / 1000 };
      };
      expect(result.providers.map((card) => [keysOf([card])[0], card.point])).toEqual([
        ['maya', centre('78704')],
        ['ava', centre('78750')],
      ]);
      // Without a place too: the map shows any page.
      const portland = found(await search('?state=OR', paying).expect(200)).providers[0]!;
      expect(portland.point).toEqual(centre('97201'));
      expect(portland.distanceMiles).toBeUndefined();
    });

    it('measures from a rounded position as from a ZIP code', async () => {
      const result = found(await search('?lat=30.27&lng=-97.74&radius=25', paying).expect(200));
      expect(keysOf(result.providers)).toEqual(['maya', 'ava']);
      const position = { latitude: 30.27, longitude: -97.74 };
      expect(result.providers.map((card) => card.distanceMiles)).toEqual([greatCircleMiles(position, '78704'), greatCircleMiles(position, '78750')]);
    });

    it('leaves out, and counts, providers whose ZIP is not a known US ZIP', async () => {
      await setZip('ava', '00000');
      try {
        await eventually(async () => found(await search('?near=78704&radius=25', paying)).withoutDistance === 1, 10_000, 'the index did not read the new ZIP');
        const result = found(await search('?near=78704&radius=25', paying).expect(200));
        expect(keysOf(result.providers)).toEqual(['maya']);
        // Without a place, nothing is left out; the card without a known ZIP has no point (no marker).
        const texans = found(await search('?state=TX&sort=name', paying).expect(200)).providers;
        expect(keysOf(texans)).toEqual(['ava', 'maya']);
        expect(texans.map((card) => card.point === undefined)).toEqual([true, false]);
      } finally {
        await setZip('ava', '78750');
        await eventually(async () => found(await search('?near=78704&radius=25', paying)).withoutDistance === 0, 10_000, 'the index did not read the ZIP back');
      }
    });

    it('tells a visitor how many providers are near, and nothing about them', async () => {
      expect(found(await search('?near=78704&radius=25').expect(200))).toEqual({
        access: 'preview',
        providers: [],
        total: 2,
        page: 1,
        pageSize: 20,
        totalPages: 1,
        areaCounts: [],
        stateCounts: [],
        withoutDistance: 0,
      });
    });

    it('answers 400 with a clear message to a bad or unknown ZIP, a bad radius or position, and a radius or nearest first without a place', async () => {
      const bad: [string, string][] = [
        ['?near=7870', 'Enter a 5-digit US ZIP code'],
        ['?near=7870a', 'Enter a 5-digit US ZIP code'],
        ['?near[$ne]=1', 'Unknown field: near[$ne]'],
        ['?near=00000', 'We do not know that ZIP code: check it, or try one nearby'],
        ['?near=78704&radius=30', 'Choose a radius of 5, 10, 25, 50 or 100 miles'],
        ['?near=78704&radius=-5', 'Choose a radius of 5, 10, 25, 50 or 100 miles'],
        ['?radius=25', 'A radius needs a ZIP code or your location'],
        ['?sort=distance', 'Nearest first needs a ZIP code or your location'],
        ['?lat=30.27', 'The location must be a latitude and a longitude with at most 2 decimals'],
        ['?lat=30.2712&lng=-97.74', 'The location must be a latitude and a longitude with at most 2 decimals'],
        ['?lat=91&lng=0', 'The location must be a latitude and a longitude with at most 2 decimals'],
        ['?lat=1e1&lng=0', 'The location must be a latitude and a longitude with at most 2 decimals'],
        ['?near=78704&lat=30.27&lng=-97.74', 'Search near a ZIP code or your location, not both'],
      ];
      for (const [query, message] of bad) {
        const response = await search(query, paying);
        expect({ query, status: response.status, message: (response.body as { message?: unknown }).message }).toEqual({ query, status: 400, message });
      }
    });
  });

  it('answers 401 to a token that is not valid', async () => {
    await search('', 'not-a-token').expect(401);
    await request(site.url).get('/directory/providers').set('Authorization', 'Basic abc').expect(401);
  });
});

describe('saved providers', () => {
  const save = (providerId: string, token = paying) => request(site.url).put(`/saved-providers/${providerId}`).set('Authorization', `Bearer ${token}`);
  const unsave = (providerId: string, token = paying) => request(site.url).delete(`/saved-providers/${providerId}`).set('Authorization', `Bearer ${token}`);
  const saved = async (token = paying) =>
    (await request(site.url).get('/saved-providers').set('Authorization', `Bearer ${token}`).expect(200)).body as SavedProvidersResponse;

  it('saves and unsaves listed providers, newest first, once each, and filters the directory by them', async () => {
    const isSaved = async (providerId: string, token = paying) =>
      (await request(site.url).get(`/saved-providers/${providerId}`).set('Authorization', `Bearer ${token}`).expect(200)).body as { saved: boolean };
    expect(await isSaved(ids.ava!)).toEqual({ saved: false });
    await save(ids.ava!).expect(204);
    expect(await isSaved(ids.ava!)).toEqual({ saved: true });
    await save(ids.maya!).expect(204);
    await Promise.all([save(ids.maya!).expect(204), save(ids.maya!).expect(204)]);
    expect(keysOf((await saved()).providers)).toEqual(['maya', 'ava']);
    expect(keysOf(found(await search('?saved=true&sort=name', paying).expect(200)).providers)).toEqual(['ava', 'maya']);
    await withDatabase(site.database, async (connection) => {
      expect(await connection.collection('saved_providers').countDocuments({ userId: payingId })).toBe(2);
    });

    await unsave(ids.ava!).expect(204);
    await unsave(ids.ava!).expect(204);
    expect(await isSaved(ids.ava!)).toEqual({ saved: false });
    expect(keysOf((await saved()).providers)).toEqual(['maya']);
    await unsave(ids.maya!).expect(204);
  });

  it('cannot save a provider that is not listed, and leaves a saved one out while it is blocked', async () => {
    await save(ids.pending!).expect(404, { message: 'Provider Not Found' });
    await save(ids.blocked!).expect(404);
    await save(randomUUID()).expect(404);
    await save('../admins').expect(404);

    const { providerId } = await signUpProvider(site.url, { providerName: 'Dr. Soon Blocked' });
    await setStatus(providerId, 'approve');
    await save(providerId).expect(204);
    expect((await saved()).providers.map((provider) => provider._id)).toContain(providerId);
    await setStatus(providerId, 'block');
    expect((await saved()).providers.map((provider) => provider._id)).not.toContain(providerId);
    await unsave(providerId).expect(204);
  });

  it('keeps each member’s saved providers to that member, and saving to members who have paid', async () => {
    const other = await activeMember(site.identity.url, 'Other Member');
    await save(ids.liam!, other.token).expect(204);
    expect(keysOf((await saved(other.token)).providers)).toEqual(['liam']);
    expect((await saved()).providers).toEqual([]);
    await request(site.url).get(`/saved-providers/${ids.liam}`).set('Authorization', `Bearer ${paying}`).expect(200, { saved: false });
    expect(found(await search('?saved=true', paying).expect(200)).total).toBe(0);

    await save(ids.liam!, unpaid).expect(403, { message: 'An active membership is required' });
    expect((await saved(unpaid)).providers).toEqual([]);
    await save(ids.liam!, admin).expect(403);
    await request(site.url).get('/saved-providers').expect(401);
    await search('?saved=true').expect(401);
    await search('?saved=true', admin).expect(403);
  });
});
