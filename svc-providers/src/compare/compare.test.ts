import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { CompareResponse } from '@altmed/contracts';
import { withDatabase } from '@altmed/local-stack/src/testing';
import { activeMember, adminToken, memberToken, signUpProvider, startTestProviders, type TestProviders } from '../test/test-service';
import { milesBetween, zipCoordinates } from '../places/zip-places';

let site: TestProviders;
let admin: string;
let paying: string;
let unpaid: string;
const ids: Record<string, string> = {};

interface Listing {
  key: string;
  providerName: string;
  city: string;
  state: string;
  zip: string;
  status: 'approved' | 'pending' | 'blocked';
  qualifications?: Record<string, unknown>;
  reviewStats?: { totalReviews: number; averageSatisfactionRating: number; averageEfficacyRating: number };
}

const listings: Listing[] = [
  {
    key: 'maya',
    providerName: 'Dr. Maya Patel',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    status: 'approved',
    qualifications: {
      specialties: ['Nutrition', 'Autoimmune'],
      boardCertifications: ['ABIHM'],
      educationAndTraining: ['Bastyr University, ND'],
      stateLicenses: [
        { state: 'TX', deaNumber: 'AB1234563', licenseNumber: 'TX-100' },
        { state: 'CA', deaNumber: 'AB1234563', licenseNumber: 'CA-200' },
      ],
    },
    reviewStats: { totalReviews: 3, averageSatisfactionRating: 4.7, averageEfficacyRating: 4.3 },
  },
  {
    key: 'liam',
    providerName: 'Dr. Liam Chen',
    city: 'Portland',
    state: 'OR',
    zip: '97201',
    status: 'approved',
    qualifications: { specialties: ["Women's Health"], stateLicenses: [{ state: 'OR', deaNumber: 'AB1234563', licenseNumber: 'OR-1' }] },
  },
  // A ZIP no table knows: no distance, no failure.
  { key: 'ava', providerName: 'Dr. Ava Brooks', city: 'Austin', state: 'TX', zip: '00000', status: 'approved' },
  { key: 'pending', providerName: 'Dr. Noah Waiting', city: 'Austin', state: 'TX', zip: '78701', status: 'pending' },
  { key: 'blocked', providerName: 'Dr. Zoe Blocked', city: 'Austin', state: 'TX', zip: '78701', status: 'blocked' },
];

beforeAll(async () => {
  site = await startTestProviders();
  admin = await adminToken(site.identity.url);
  paying = (await activeMember(site.identity.url)).token;
  unpaid = await memberToken(site.identity.url);
  for (const listing of listings) {
    const { providerId, token } = await signUpProvider(site.url, {
      providerName: listing.providerName,
      city: listing.city,
      state: listing.state,
      zip: listing.zip,
    });
    if (listing.qualifications) {
      await request(site.url)
        .put(`/provider-info/${providerId}/qualifications`)
        .set('Authorization', `Bearer ${token}`)
        .send(listing.qualifications)
        .expect(200);
    }
    if (listing.status !== 'pending') await setStatus(providerId, 'approve');
    if (listing.status === 'blocked') await setStatus(providerId, 'block');
    ids[listing.key] = providerId;
  }
  // The review figures the reviews feature keeps on each record, written here as it would.
  await withDatabase(site.database, async (connection) => {
    for (const listing of listings) {
      if (!listing.reviewStats) continue;
      const { averageSatisfactionRating, averageEfficacyRating } = listing.reviewStats;
      await connection
        .collection<{ _id: string }>('providers')
        .updateOne(
          { _id: ids[listing.key] },
          { $set: { reviewStats: { ...listing.reviewStats, averageRating: (averageSatisfactionRating + averageEfficacyRating) / 2 } } },
        );
    }
  });
}, 120_000);
afterAll(() => site.stopAll());

async function setStatus(providerId: string, status: 'approve' | 'block') {
  await request(site.url).put(`/admins/providers/${providerId}/status`).set('Authorization', `Bearer ${admin}`).send({ status }).expect(200);
}

const compare = (query: string, token?: string) => {
  const call = request(site.url).get(`/directory/compare${query}`);
  return token ? call.set('Authorization', `Bearer ${token}`) : call;
};
const compared = (response: { body: unknown }) => response.body as CompareResponse;
const idsOf = (...keys: string[]) => keys.map((key) => ids[key]!).join(',');

describe('GET /directory/compare', () => {
  it('answers the comparison fields of listed providers in the order asked, with distances from the member’s ZIP', async () => {
    const result = compared(await compare(`?ids=${idsOf('liam', 'maya', 'ava')}&zip=78701`, paying).expect(200));
    expect(result.origin).toEqual({ zip: '78701', known: true });
    expect(result.providers.map((provider) => provider._id)).toEqual([ids.liam, ids.maya, ids.ava]);
    const [liam, maya, ava] = result.providers;
    expect(maya).toEqual({
      _id: ids.maya,
      providerName: 'Dr. Maya Patel',
      practiceName: 'Green Valley Wellness',
      city: 'Austin',
      state: 'TX',
      specialties: ['Nutrition', 'Autoimmune'],
      licenseStates: ['CA', 'TX'],
      boardCertifications: ['ABIHM'],
      educationAndTraining: ['Bastyr University, ND'],
      yearsSinceFirstLicense: null,
      totalReviews: 3,
      averageSatisfactionRating: 4.7,
      averageEfficacyRating: 4.3,
      distanceMiles: 0,
    });
    // Austin to Portland, Oregon: about 1,700 miles as the crow flies.
    expect(liam!.distanceMiles).toBeGreaterThan(1650);
    expect(liam!.distanceMiles).toBeLessThan(1760);
    expect(liam).toMatchObject({ licenseStates: ['OR'], boardCertifications: [], totalReviews: 0, averageSatisfactionRating: 0, averageEfficacyRating: 0 });
    expect(ava!.distanceMiles).toBeNull();

    const fields = new Set(result.providers.flatMap((provider) => Object.keys(provider)));
    for (const privateField of [
      'email',
      'npiNumber',
      'deaNumber',
      'licenseNumber',
      'stateLicenses',
      'phone',
      'address',
      'zip',
      'statusHistory',
      'directoryKeys',
    ]) {
      expect(fields).not.toContain(privateField);
    }
    expect(JSON.stringify(result)).not.toMatch(/AB1234563|TX-100|@example\.com/);
  });

  it('answers no distances without a ZIP, and says when the ZIP is not a known one', async () => {
    const without = compared(await compare(`?ids=${idsOf('maya', 'liam')}`, paying).expect(200));
    expect(without.origin).toBeNull();
    expect(without.providers.map((provider) => provider.distanceMiles)).toEqual([null, null]);

    const unknown = compared(await compare(`?ids=${idsOf('maya', 'liam')}&zip=00000`, paying).expect(200));
    expect(unknown.origin).toEqual({ zip: '00000', known: false });
    expect(unknown.providers.map((provider) => provider.distanceMiles)).toEqual([null, null]);
  });

  it('leaves out providers that are pending, blocked or unknown, and accepts repeated ids and upper case', async () => {
    const result = compared(await compare(`?ids=${idsOf('maya', 'pending', 'blocked')},${randomUUID()}`, paying).expect(200));
    expect(result.providers.map((provider) => provider._id)).toEqual([ids.maya]);
    const repeated = compared(await compare(`?ids=${ids.liam!.toUpperCase()}&ids=${ids.maya}`, paying).expect(200));
    expect(repeated.providers.map((provider) => provider._id)).toEqual([ids.liam, ids.maya]);
  });

  it('answers 400 to one or five ids, repeated ids, non-UUIDs, operators, unknown parameters and a bad ZIP', async () => {
    const five = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()].join(',');
    const hostile = [
      '',
      `?ids=${ids.maya}`,
      `?ids=${five}`,
      `?ids=${ids.maya},${ids.maya}`,
      `?ids=${ids.maya},not-a-uuid`,
      `?ids=${ids.maya},`,
      `?ids[$ne]=x`,
      `?ids=${idsOf('maya', 'liam')}&zip[$gt]=`,
      `?ids=${idsOf('maya', 'liam')}&zip=1234`,
      `?ids=${idsOf('maya', 'liam')}&zip=123456`,
      `?ids=${idsOf('maya', 'liam')}&zip=abcde`,
      `?ids=${idsOf('maya', 'liam')}&zip=`,
      `?ids=${idsOf('maya', 'liam')}&zip=78701&zip=97201`,
      `?ids=${idsOf('maya', 'liam')}&fields=email`,
    ];
    for (const query of hostile) {
      const response = await compare(query, paying);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(typeof (response.body as { message?: unknown }).message).toBe('string');
    }
  });

  it('is for members with an active membership and admins', async () => {
    const query = `?ids=${idsOf('maya', 'liam')}`;
    await compare(query).expect(401);
    await compare(query, 'not-a-token').expect(401);
    await compare(query, unpaid).expect(403, { message: 'An active membership is required' });
    // The caller is refused before the query is read.
    await compare('?ids=nonsense', unpaid).expect(403);
    const provider = await signUpProvider(site.url);
    await compare(query, provider.token).expect(403);
    expect(compared(await compare(query, admin).expect(200)).providers).toHaveLength(2);
  });
});

describe('ZIP distances', () => {
  it('finds US ZIP codes offline and measures great-circle miles', () => {
    expect(zipCoordinates('78701')).toEqual({ latitude: expect.closeTo(30.27, 1) as number, longitude: expect.closeTo(-97.74, 1) as number });
    for (const zip of ['', '1234', '123456', '00000', 'K1A0B1', '7870a']) expect(zipCoordinates(zip)).toBeNull();
    const austin = zipCoordinates('78701')!;
    const beverlyHills = zipCoordinates('90210')!;
    expect(milesBetween(austin, austin)).toBe(0);
    expect(milesBetween(austin, beverlyHills)).toBeGreaterThan(1180);
    expect(milesBetween(austin, beverlyHills)).toBeLessThan(1260);
    expect(milesBetween(austin, beverlyHills)).toBe(milesBetween(beverlyHills, austin));
  });
});
