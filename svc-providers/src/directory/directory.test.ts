import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { DirectoryProvider, DirectoryResponse, SavedProvidersResponse } from '@altmed/contracts';
import { eventually, withDatabase } from '@altmed/local-stack/src/testing';
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
    specialties: ['Orthopedic'],
    status: 'approved',
  },
  {
    key: 'pending',
    providerName: 'Dr. Noah Waiting',
    practiceName: 'Austin Nutrition Pending',
    city: 'Austin',
    state: 'TX',
    specialties: ['Nutrition'],
    status: 'pending',
  },
  {
    key: 'blocked',
    providerName: 'Dr. Zoe Blocked',
    practiceName: 'Austin Nutrition Blocked',
    city: 'Austin',
    state: 'TX',
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
