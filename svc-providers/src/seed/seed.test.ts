import request from 'supertest';
import type { Provider } from '@altmed/contracts';
import { eventually, withDatabase } from '@altmed/local-stack/src/testing';
import { logIn, memberToken, startTestProviders, type TestProviders } from '../test/test-service';
import { DEMO_PROVIDER_PASSWORD } from './demo-providers';
import { seedCommand } from './seed';
import { demoProviders, seededId } from './seed-data';

let site: TestProviders;
beforeAll(async () => {
  site = await startTestProviders();
}, 60_000);
afterAll(() => site.stopAll());

const seedEnv = () => ({ ...process.env, MONGO_DB: site.database, IDENTITY_URL: site.identity.url, INTERNAL_API_TOKEN: site.internalApiToken });
const providerOf = (response: { body: unknown }) => (response.body as { provider: Provider }).provider;

it('seeds demo providers in every status, with logins, images and approved reviews, and again without duplicates', async () => {
  const lines: string[] = [];
  await seedCommand([], seedEnv(), (line) => lines.push(line));
  await seedCommand([], seedEnv(), () => undefined);
  expect(lines.join('\n')).toContain(DEMO_PROVIDER_PASSWORD);

  const statuses = await withDatabase(site.database, (db) => db.collection('providers').find().project({ isActive: 1, isApproved: 1 }).toArray());
  expect(statuses).toHaveLength(demoProviders.length);
  expect(statuses.some((p) => p.isActive && p.isApproved)).toBe(true);
  expect(statuses.some((p) => p.isActive && !p.isApproved)).toBe(true);
  expect(statuses.some((p) => !p.isActive)).toBe(true);

  const member = await memberToken(site.identity.url);
  const approved = demoProviders.find((provider) => provider.status === 'approved')!;
  const profile = providerOf(
    await request(site.url)
      .get(`/provider-info/${seededId(approved.slug)}`)
      .set('Authorization', `Bearer ${member}`)
      .expect(200),
  );
  expect(profile.reviewStats?.totalReviews).toBeGreaterThanOrEqual(3);
  expect(profile.reviews).toHaveLength(3);
  expect((await fetch(profile.headshotUrl!)).headers.get('content-type')).toBe('image/jpeg');
  // Approved by the seed's vetting two days after registering: members see "Verified on {date}".
  expect(Date.parse(profile.verifiedAt!)).toBeLessThan(Date.now());

  const blocked = demoProviders.find((provider) => provider.status === 'blocked')!;
  const token = await logIn(site.identity.url, `${blocked.slug}@demo.altmed.local`, DEMO_PROVIDER_PASSWORD);
  const own = providerOf(
    await request(site.url)
      .get(`/provider-info/${seededId(blocked.slug)}`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200),
  );
  expect(own).toMatchObject({ status: 'blocked', blockedReason: blocked.blockedReason });
}, 60_000);

it('seeds a generated set with its reviews, by generated members, again without duplicates, and tells the running service (one full read for a bulk change)', async () => {
  await seedCommand(['--providers', '600', '--reviews', '900', '--members', '10'], seedEnv(), () => undefined);
  await seedCommand(['--providers', '600', '--reviews', '900', '--members', '10'], seedEnv(), () => undefined);
  const { providers, reviews } = await withDatabase(site.database, async (db) => ({
    providers: await db
      .collection<{ _id: string; reviewStats: { totalReviews: number } }>('providers')
      .find({ email: /@bench\.altmed\.local$/ })
      .toArray(),
    reviews: await db
      .collection<{ providerId: string; userId?: string }>('reviews')
      .find({ userId: { $exists: true } })
      .toArray(),
  }));
  expect(providers).toHaveLength(600);
  expect(reviews).toHaveLength(900);
  expect(new Set(reviews.map((review) => review.userId)).size).toBe(10);
  // The figures on each record are those of its reviews.
  for (const provider of providers) expect(provider.reviewStats.totalReviews).toBe(reviews.filter((review) => review.providerId === provider._id).length);

  const admin = await logIn(site.identity.url, 'admin@providers.test', 'an-admin-password-for-tests');
  await eventually(async () => {
    const listed = await request(site.url).get('/admins/providers?search=bench').set('Authorization', `Bearer ${admin}`);
    return (listed.body as { total: number }).total === 600;
  }, 10_000);
  // The moderation queue was told too (review.changed): the admin Reviews page counts the seeded reviews.
  await eventually(async () => {
    const approved = await request(site.url).get('/admins/reviews?status=approved&page=2').set('Authorization', `Bearer ${admin}`);
    return (approved.body as { total: number }).total >= 900;
  }, 10_000);

  await expect(seedCommand(['--providers', 'lots'], seedEnv(), () => undefined)).rejects.toThrow('--providers must be a whole number');
}, 60_000);
