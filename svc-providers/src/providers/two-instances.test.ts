import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AdminProvidersResponse, AdminReviewsResponse, DirectoryResponse, Provider } from '@altmed/contracts';
import type { RunningService } from '@altmed/service-kit';
import { eventually, startServiceUnderTest, waitForOutboxDrained, type ServiceUnderTest } from '@altmed/local-stack/src/testing';
import { loadProvidersConfig } from '../config';
import { startProvidersService } from '../service';
import { activeMember, adminToken, jpegImage, pngImage, signUpProvider, startTestProviders, upload, type TestProviders } from '../test/test-service';

/**
 * Two instances of svc-providers on one database, as `deploy/k8s` runs them: a provider's requests
 * land on either, so an upload one of them signed is taken by the other.
 */
let first: TestProviders;
let second: ServiceUnderTest<RunningService>;

beforeAll(async () => {
  first = await startTestProviders();
  second = await startServiceUnderTest({
    databasePrefix: 'providers',
    start: (serviceEnv) => startProvidersService(loadProvidersConfig(serviceEnv)),
    env: {
      IDENTITY_URL: first.identity.url,
      INTERNAL_API_TOKEN: first.internalApiToken,
      ACCOUNT_STATUS_CACHE_SECONDS: '1',
      MONGO_DB: first.database,
      EVENT_QUEUE_SUFFIX: first.queueSuffix,
    },
  });
}, 60_000);

afterAll(async () => {
  await second?.stop({ keepDatabase: true });
  await first?.stopAll();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

it('takes at one instance the uploads the other signed, and still refuses a key no instance handed out', async () => {
  const { providerId, token } = await signUpProvider(first.url);
  await request(second.url)
    .put(`/provider-info/${providerId}/qualifications`)
    .set(bearer(token))
    .send({ specialties: ['Nutrition'], stateLicenses: [{ state: 'TX', deaNumber: 'AB1234563', licenseNumber: 'TX-7' }] })
    .expect(200);
  await request(second.url)
    .put(`/provider-info/${providerId}/images`)
    .set(bearer(token))
    .send({
      headshotUrl: `uploads/${providerId}/${randomUUID()}.jpg`,
      galleryUrl: `uploads/${providerId}/${randomUUID()}.png`,
      practiceDescription: 'Care in Austin.',
    })
    .expect(400);

  const headshotUrl = await upload(first.url, token, await jpegImage(), 'me.jpg', 'image/jpeg');
  const galleryUrl = await upload(first.url, token, await pngImage(), 'office.png', 'image/png');
  const saved = await request(second.url)
    .put(`/provider-info/${providerId}/images`)
    .set(bearer(token))
    .send({ headshotUrl, galleryUrl, practiceDescription: 'Care in Austin.' })
    .expect(200);
  const provider = (saved.body as { provider: Provider }).provider;
  expect(provider.headshotUrl).toMatch(/^https?:\/\//);
  expect(provider.galleryUrl).toMatch(/^https?:\/\//);

  // The first instance reads what the second saved.
  const read = await request(first.url).get(`/provider-info/${providerId}`).set(bearer(token)).expect(200);
  expect((read.body as { provider: Provider }).provider.practiceDescription).toBe('Care in Austin.');
});

describe("each instance's search index", () => {
  /** What each instance promises: a change made at one shows in the other's searches within this. */
  const WITHIN_MS = 1_000;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    admin = await adminToken(first.identity.url);
    member = (await activeMember(first.identity.url)).token;
  }, 60_000);

  const directory = async (url: string, query: string) =>
    (await request(url).get(`/directory/providers?${query}`).set(bearer(member)).expect(200)).body as DirectoryResponse;
  const adminSearch = async (url: string, search: string) =>
    (
      (
        await request(url)
          .get(`/admins/providers?search=${encodeURIComponent(search)}`)
          .set(bearer(admin))
          .expect(200)
      ).body as AdminProvidersResponse
    ).providers;
  const shown = (url: string, query: string, check: (found: DirectoryResponse) => boolean, what: string) =>
    eventually(async () => check(await directory(url, query)), WITHIN_MS, `${what} did not show within ${WITHIN_MS} ms`, 25);

  it('shows an approval, an edit, a new rating and a block made at one instance in the other within a second, and a blocked provider never after', async () => {
    const tag = randomUUID().slice(0, 8);
    const { providerId, token, body: signup } = await signUpProvider(first.url, { providerName: `Dr. Rowan ${tag}` });
    const byName = `q=${encodeURIComponent(`rowan ${tag}`)}`;
    const listed = (found: DirectoryResponse) => found.providers.some((card) => card._id === providerId);
    expect(listed(await directory(second.url, byName))).toBe(false);

    await request(first.url).put(`/admins/providers/${providerId}/status`).set(bearer(admin)).send({ status: 'approve' }).expect(200);
    await shown(second.url, byName, listed, 'the approval');

    // The first instance's admin list keeps the record it shows; the edit at the second must replace it there.
    expect((await adminSearch(first.url, `rowan ${tag}`)).find((provider) => provider._id === providerId)?.practiceName).not.toBe(`Juniper ${tag} Care`);
    const { password: _p, confirmPassword: _c, ...basic } = signup;
    await request(second.url)
      .put(`/provider-info/${providerId}`)
      .set(bearer(token))
      .send({ ...basic, practiceName: `Juniper ${tag} Care` })
      .expect(200);
    await eventually(
      async () => (await adminSearch(first.url, `juniper ${tag}`)).some((provider) => provider._id === providerId),
      WITHIN_MS,
      'the edit did not show within a second',
      25,
    );
    await eventually(
      async () => (await adminSearch(first.url, `rowan ${tag}`)).find((provider) => provider._id === providerId)?.practiceName === `Juniper ${tag} Care`,
      WITHIN_MS,
      "the edit did not show in the admin list's record within a second",
      25,
    );

    const review = await request(first.url)
      .post(`/provider-info/${providerId}/reviews`)
      .set(bearer(member))
      .send({ satisfactionRating: 5, efficacyRating: 4, reviewText: 'Careful, kind and clear about every step.' })
      .expect(201);
    await request(second.url)
      .put(`/admins/reviews/${(review.body as { review: { _id: string } }).review._id}/status`)
      .set(bearer(admin))
      .send({ action: 'approve' })
      .expect(200);
    await shown(first.url, byName, (found) => found.providers.find((card) => card._id === providerId)?.totalReviews === 1, 'the new rating');

    await request(second.url).put(`/admins/providers/${providerId}/status`).set(bearer(admin)).send({ status: 'block' }).expect(200);
    await shown(first.url, byName, (found) => !listed(found), 'the block');

    // Never after: every event of this test reaches both indexes, and none lists the provider again.
    // Once the outbox is drained, they are all in each instance's queue; a marker signed up at each
    // instance then comes behind them, and each index reads its events in turn, so once both
    // indexes show both markers, they have read every event of the test.
    await Promise.all([first, second].map((instance) => waitForOutboxDrained(instance)));
    const markers = await Promise.all([first, second].map((instance) => signUpProvider(instance.url, { providerName: `Dr. Marker ${tag}` })));
    let listedAgain = false;
    await eventually(
      async () => {
        for (const url of [first.url, second.url]) if (listed(await directory(url, byName))) listedAgain = true;
        const found = await Promise.all([first.url, second.url].map((url) => adminSearch(url, `marker ${tag}`)));
        return found.every((providers) => markers.every((marker) => providers.some((provider) => provider._id === marker.providerId)));
      },
      10_000,
      'the markers did not reach both indexes',
      25,
    );
    expect(listedAgain).toBe(false);
    expect(listed(await directory(first.url, byName))).toBe(false);
    expect(listed(await directory(second.url, byName))).toBe(false);
  });
});

describe("each instance's moderation queue", () => {
  const WITHIN_MS = 1_000;
  let admin: string;

  beforeAll(async () => {
    admin = await adminToken(first.identity.url);
  }, 60_000);

  const pageOf = async (url: string, status: string, page: number) =>
    (await request(url).get(`/admins/reviews?status=${status}&page=${page}`).set(bearer(admin)).expect(200)).body as AdminReviewsResponse;
  const listed = async (url: string, status: string, reviewId: string) => (await pageOf(url, status, 1)).reviews.some((review) => review._id === reviewId);
  /** The queue's own count: page 2 lists none of this test's few reviews, so no record on it is found changed and read again. */
  const counted = async (url: string) => ({ pending: (await pageOf(url, 'pending', 2)).total, approved: (await pageOf(url, 'approved', 2)).total });
  const counts = (url: string, expected: { pending: number; approved: number }, what: string) =>
    eventually(
      async () => {
        const found = await counted(url);
        return found.pending === expected.pending && found.approved === expected.approved;
      },
      WITHIN_MS,
      `${what} was not counted within ${WITHIN_MS} ms`,
      25,
    );

  it('counts and shows a review written, moderated or removed at one instance on the admin Reviews page of the other within a second', async () => {
    const { providerId } = await signUpProvider(first.url);
    await request(first.url).put(`/admins/providers/${providerId}/status`).set(bearer(admin)).send({ status: 'approve' }).expect(200);
    const member = (await activeMember(first.identity.url, 'Quinn Moderated')).token;
    const before = await counted(second.url);
    expect(await counted(first.url)).toEqual(before);

    const written = await request(first.url)
      .post(`/provider-info/${providerId}/reviews`)
      .set(bearer(member))
      .send({ satisfactionRating: 4, efficacyRating: 5, reviewText: 'Listened well and explained each option.' })
      .expect(201);
    const reviewId = (written.body as { review: { _id: string } }).review._id;
    await counts(second.url, { ...before, pending: before.pending + 1 }, 'the new review');
    expect(await listed(second.url, 'pending', reviewId)).toBe(true);

    await request(second.url).put(`/admins/reviews/${reviewId}/status`).set(bearer(admin)).send({ action: 'approve' }).expect(200);
    await counts(first.url, { ...before, approved: before.approved + 1 }, 'the approval');
    expect(await listed(first.url, 'approved', reviewId)).toBe(true);

    await request(second.url).delete(`/provider-info/${providerId}/reviews/mine`).set(bearer(member)).expect(204);
    await counts(first.url, before, 'the removal');
    expect(await listed(first.url, 'approved', reviewId)).toBe(false);
  });
});
