import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import request from 'supertest';
import type { AdminReview, AdminReviewsResponse, OwnReview, Provider, ReviewsResponse } from '@altmed/contracts';
import { eventually, withDatabase } from '@altmed/local-stack/src/testing';
import { providerModel } from '../providers/provider.model';
import { reviewModel } from './review.model';
import { backfillReviewStats } from './review-stats';
import { reviewIdOf } from './member-reviews.domain';
import { activeMember, adminToken, announceReviewChanges, memberToken, signUpProvider, startTestProviders, type TestProviders } from '../test/test-service';

let site: TestProviders;
let admin: string;
let ada: string;
let grace: string;
let unpaid: string;

beforeAll(async () => {
  site = await startTestProviders();
  admin = await adminToken(site.identity.url);
  ada = (await activeMember(site.identity.url, 'Ada Lovelace')).token;
  grace = (await activeMember(site.identity.url, '  Grace   brewster Hopper ')).token;
  unpaid = await memberToken(site.identity.url, 'Una Paid');
}, 120_000);
afterAll(() => site.stopAll());

const api = () => request(site.url);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const goodReview = { satisfactionRating: 5, efficacyRating: 4, reviewText: 'Listened carefully and explained every option clearly.' };
const ownOf = (response: { body: unknown }) => (response.body as { review: OwnReview }).review;

/** A provider members may review (approved by the admin); answers its id and token. */
async function approvedProvider() {
  const signup = await signUpProvider(site.url);
  await api().put(`/admins/providers/${signup.providerId}/status`).set(bearer(admin)).send({ status: 'approve' }).expect(200);
  return signup;
}

const profileOf = async (providerId: string, token = unpaid) =>
  ((await api().get(`/provider-info/${providerId}`).set(bearer(token)).expect(200)).body as { provider: Provider }).provider;

const storedStatsOf = (providerId: string) =>
  withDatabase(
    site.database,
    async (db) => (await db.collection<{ _id: string; reviewStats?: unknown }>('providers').findOne({ _id: providerId }))?.reviewStats,
  );

const write = (providerId: string, token: string, body: unknown = goodReview) =>
  api()
    .post(`/provider-info/${providerId}/reviews`)
    .set(bearer(token))
    .send(body as object);
const moderate = (reviewId: string, action: string, token = admin) => api().put(`/admins/reviews/${reviewId}/status`).set(bearer(token)).send({ action });

describe('a member reviews a provider', () => {
  it('writes a review that waits for moderation; once an admin approves it, the profile’s figures change', async () => {
    const { providerId, token: providerToken } = await approvedProvider();
    const created = ownOf(await write(providerId, ada).expect(201));
    expect(created).toMatchObject({ providerId, clientName: 'Ada L.', satisfactionRating: 5, efficacyRating: 4, status: 'pending' });
    expect(created.reviewText).toBe(goodReview.reviewText);
    expect(Object.keys(created)).not.toContain('userId');

    // Pending: not counted, not shown.
    expect((await profileOf(providerId)).reviewStats).toEqual({ totalReviews: 0, averageSatisfactionRating: 0, averageEfficacyRating: 0 });
    expect(ownOf(await api().get(`/provider-info/${providerId}/reviews/mine`).set(bearer(ada)).expect(200))).toMatchObject({ status: 'pending' });

    const pending = (await api().get('/admins/reviews').set(bearer(admin)).expect(200)).body as AdminReviewsResponse;
    const listed = pending.reviews.find((review) => review._id === created._id);
    expect(listed).toMatchObject({ status: 'pending', providerName: 'Dr. Maya Patel', practiceName: 'Green Valley Wellness', moderationHistory: [] });

    const approved = (await moderate(created._id, 'approve').expect(200)).body as { review: AdminReview };
    expect(approved.review).toMatchObject({ status: 'approved', lastModeration: { action: 'approve', by: 'admin@providers.test' } });
    expect(Date.parse(approved.review.lastModeration!.at)).toBeGreaterThan(Date.now() - 60_000);

    const profile = await profileOf(providerId);
    expect(profile.reviewStats).toEqual({ totalReviews: 1, averageSatisfactionRating: 5, averageEfficacyRating: 4 });
    expect(profile.reviews).toEqual([expect.objectContaining({ _id: created._id, clientName: 'Ada L.', reviewText: goodReview.reviewText })]);
    expect(await storedStatsOf(providerId)).toEqual({ totalReviews: 1, averageSatisfactionRating: 5, averageEfficacyRating: 4, averageRating: 4.5 });

    // The provider reads it on its dashboard (read-only: the member's routes are not the provider's).
    const own = (await api().get(`/provider-info/${providerId}/reviews`).set(bearer(providerToken)).expect(200)).body as ReviewsResponse;
    expect(own.reviews.map((review) => review._id)).toEqual([created._id]);
    await api().put(`/provider-info/${providerId}/reviews/mine`).set(bearer(providerToken)).send(goodReview).expect(403);
    await api().delete(`/provider-info/${providerId}/reviews/mine`).set(bearer(providerToken)).expect(403);
    await moderate(created._id, 'reject', providerToken).expect(403);
  });

  it('refuses a second review of the same provider by the same member, also when both are sent at once', async () => {
    const { providerId } = await approvedProvider();
    await write(providerId, ada).expect(201);
    await write(providerId, ada, { ...goodReview, reviewText: 'A second opinion on the very same provider.' }).expect(409, {
      message: 'You have already reviewed this provider',
    });

    const other = await approvedProvider();
    const answers = await Promise.all([write(other.providerId, grace), write(other.providerId, grace)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const count = await withDatabase(site.database, (db) => db.collection('reviews').countDocuments({ providerId: other.providerId }));
    expect(count).toBe(1);
  });

  it('refuses a member without an active membership, a provider, an admin and a visitor', async () => {
    const { providerId, token: providerToken } = await approvedProvider();
    await write(providerId, unpaid).expect(403, { message: 'An active membership is required' });
    await write(providerId, providerToken).expect(403);
    await write(providerId, admin).expect(403);
    await api().post(`/provider-info/${providerId}/reviews`).send(goodReview).expect(401);
    await api().put(`/provider-info/${providerId}/reviews/mine`).set(bearer(unpaid)).send(goodReview).expect(403);
    expect(ownOf(await api().get(`/provider-info/${providerId}/reviews/mine`).set(bearer(unpaid)).expect(200))).toBeNull();
  });

  it('reviews only approved, active providers', async () => {
    const pending = await signUpProvider(site.url);
    await write(pending.providerId, ada).expect(404, { message: 'Provider Not Found' });
    await write(randomUUID(), ada).expect(404, { message: 'Provider Not Found' });
    await write('not-an-id', ada).expect(404, { message: 'Provider Not Found' });
  });

  it('names the review from the account, first name and last initial, whatever the body says', async () => {
    const { providerId } = await approvedProvider();
    await write(providerId, grace, { ...goodReview, clientName: 'Someone Else' }).expect(400, { message: 'Unknown field: clientName' });
    expect(ownOf(await write(providerId, grace).expect(201)).clientName).toBe('Grace H.');
  });
});

describe('hostile input', () => {
  it('answers 400 with a message for every body that is not a review', async () => {
    const { providerId } = await approvedProvider();
    const bodies: [unknown, string | undefined][] = [
      [{ $gt: '' }, 'Ratings must be whole numbers from 1 to 5'],
      [{ ...goodReview, $gt: '' }, 'Unknown field: $gt'],
      [{ ...goodReview, userId: randomUUID() }, 'Unknown field: userId'],
      [{ ...goodReview, isApproved: true }, 'Unknown field: isApproved'],
      [{ ...goodReview, satisfactionRating: 0 }, 'Ratings must be whole numbers from 1 to 5'],
      [{ ...goodReview, satisfactionRating: 6 }, 'Ratings must be whole numbers from 1 to 5'],
      [{ ...goodReview, efficacyRating: 2.5 }, 'Ratings must be whole numbers from 1 to 5'],
      [{ ...goodReview, efficacyRating: '5' }, 'Ratings must be whole numbers from 1 to 5'],
      [{ ...goodReview, efficacyRating: { $gt: 0 } }, 'Ratings must be whole numbers from 1 to 5'],
      [{ ...goodReview, satisfactionRating: null }, 'Ratings must be whole numbers from 1 to 5'],
      [{ ...goodReview, reviewText: { $ne: null } }, 'Please write your review'],
      [{ ...goodReview, reviewText: ['an array of words that is long enough'] }, 'Please write your review'],
      [{ ...goodReview, reviewText: `   ${'x'.repeat(19)}   ` }, 'The review must be at least 20 characters'],
      [{ ...goodReview, reviewText: 'x'.repeat(2001) }, 'The review must be at most 2000 characters'],
      [{ satisfactionRating: 5, efficacyRating: 5 }, 'Please write your review'],
      [[goodReview], undefined],
    ];
    for (const [body, message] of bodies) {
      const answer = (await write(providerId, ada, body).expect(400)).body as { message: unknown };
      expect(Object.keys(answer)).toEqual(['message']);
      if (message) expect(answer.message).toBe(message);
      else expect(typeof answer.message).toBe('string');
    }
    await api()
      .post(`/provider-info/${providerId}/reviews`)
      .set(bearer(ada))
      .set('Content-Type', 'application/json')
      .send('{"satisfactionRating": 5,')
      .expect(400, { message: 'Request body is not valid JSON' });
    // Nothing was written.
    expect(ownOf(await api().get(`/provider-info/${providerId}/reviews/mine`).set(bearer(ada)).expect(200))).toBeNull();
  });

  it('keeps HTML in a review as literal text, 2,000 characters at most', async () => {
    const { providerId } = await approvedProvider();
    const reviewText = '<script>alert("x")</script><img src=x onerror=alert(1)> & more';
    const created = ownOf(await write(providerId, ada, { ...goodReview, reviewText: `  ${reviewText}\n` }).expect(201));
    expect(created.reviewText).toBe(reviewText);
    await moderate(created._id, 'approve').expect(200);
    const listed = (await api().get(`/provider-info/${providerId}/reviews`).set(bearer(grace)).expect(200)).body as ReviewsResponse;
    expect(listed.reviews[0]!.reviewText).toBe(reviewText);

    const other = await approvedProvider();
    expect(ownOf(await write(other.providerId, ada, { ...goodReview, reviewText: 'y'.repeat(2000) }).expect(201)).reviewText).toHaveLength(2000);
  });

  it('refuses hostile admin queries and moderation bodies', async () => {
    for (const query of ['?status=deleted', '?page=0', '?page=1.5', '?page=abc', '?foo=1', '?status[$ne]=pending', '?page=1&page=2']) {
      const answer = await api().get(`/admins/reviews${query}`).set(bearer(admin)).expect(400);
      expect(typeof (answer.body as { message: string }).message).toBe('string');
    }
    // The pager offers pages 1 to 1,000 (the newest 20,000 of a state), and the answer says so.
    await api().get('/admins/reviews?page=1001').set(bearer(admin)).expect(400, { message: 'The page must be a whole number from 1 to 1000' });
    await api().get('/admins/reviews?page=1000').set(bearer(admin)).expect(200);
    const { providerId } = await approvedProvider();
    const created = ownOf(await write(providerId, ada).expect(201));
    for (const body of [{ action: 'delete' }, { action: 'approve', extra: 1 }, { action: { $ne: 'x' } }, {}, { status: 'approve' }]) {
      await api().put(`/admins/reviews/${created._id}/status`).set(bearer(admin)).send(body).expect(400);
    }
    await moderate(randomUUID(), 'approve').expect(404, { message: 'Review not found' });
    await moderate('not-an-id', 'approve').expect(404, { message: 'Review not found' });
    await moderate(created._id, 'approve', ada).expect(403);
    await api().get('/admins/reviews').set(bearer(ada)).expect(403);
  });
});

describe('changing and removing reviews', () => {
  it('keeps the figures right when reviews are approved, rejected, edited and deleted', async () => {
    const { providerId } = await approvedProvider();
    const first = ownOf(await write(providerId, ada, { ...goodReview, satisfactionRating: 5, efficacyRating: 5 }).expect(201));
    const second = ownOf(await write(providerId, grace, { ...goodReview, satisfactionRating: 2, efficacyRating: 3 }).expect(201));
    await moderate(first._id, 'approve').expect(200);
    await moderate(second._id, 'approve').expect(200);
    expect(await storedStatsOf(providerId)).toEqual({ totalReviews: 2, averageSatisfactionRating: 3.5, averageEfficacyRating: 4, averageRating: 3.75 });
    await moderate(second._id, 'approve').expect(409);

    // Rejected after approval: no longer counted, and the trail keeps both decisions.
    const rejected = (await moderate(second._id, 'reject').expect(200)).body as { review: AdminReview };
    expect(rejected.review.moderationHistory.map((entry) => entry.action)).toEqual(['approve', 'reject']);
    expect((await profileOf(providerId)).reviewStats).toEqual({ totalReviews: 1, averageSatisfactionRating: 5, averageEfficacyRating: 5 });
    expect(ownOf(await api().get(`/provider-info/${providerId}/reviews/mine`).set(bearer(grace)).expect(200)).status).toBe('rejected');

    // An edit goes back to moderation and out of the figures until approved again.
    const edited = ownOf(
      await api()
        .put(`/provider-info/${providerId}/reviews/mine`)
        .set(bearer(ada))
        .send({ satisfactionRating: 3, efficacyRating: 1, reviewText: 'Changed my mind after a few more visits.' })
        .expect(200),
    );
    expect(edited).toMatchObject({ _id: first._id, status: 'pending', satisfactionRating: 3, efficacyRating: 1 });
    expect((await profileOf(providerId)).reviewStats).toEqual({ totalReviews: 0, averageSatisfactionRating: 0, averageEfficacyRating: 0 });
    await moderate(first._id, 'approve').expect(200);
    expect(await storedStatsOf(providerId)).toEqual({ totalReviews: 1, averageSatisfactionRating: 3, averageEfficacyRating: 1, averageRating: 2 });

    // Grace's calls reach only Grace's review: Ada's stays as it is.
    await api().delete(`/provider-info/${providerId}/reviews/mine`).set(bearer(grace)).expect(204);
    await api().delete(`/provider-info/${providerId}/reviews/mine`).set(bearer(grace)).expect(404, { message: 'Review not found' });
    await api().put(`/provider-info/${providerId}/reviews/mine`).set(bearer(grace)).send(goodReview).expect(404, { message: 'Review not found' });
    expect(ownOf(await api().get(`/provider-info/${providerId}/reviews/mine`).set(bearer(ada)).expect(200))).toMatchObject({
      status: 'approved',
      satisfactionRating: 3,
    });

    // Deleting the approved review removes it from the figures, and the member may write again.
    await api().delete(`/provider-info/${providerId}/reviews/mine`).set(bearer(ada)).expect(204);
    expect(await storedStatsOf(providerId)).toEqual({ totalReviews: 0, averageSatisfactionRating: 0, averageEfficacyRating: 0, averageRating: 0 });
    expect((await profileOf(providerId)).reviews).toEqual([]);
    await write(providerId, ada).expect(201);
  });

  it('lets a member without a membership read and delete its review, but not change it', async () => {
    const { providerId } = await approvedProvider();
    // Written while the membership was active (it has lapsed since): put in place as the service writes it.
    const me = await request(site.identity.url).get('/users/me').set(bearer(unpaid)).expect(200);
    const userId = (me.body as { user: { id: string } }).user.id;
    const _id = reviewIdOf(providerId, userId);
    await withDatabase(site.database, (db) =>
      db.collection('reviews').insertOne({
        _id,
        providerId,
        userId,
        clientName: 'Una P.',
        ...goodReview,
        isActive: true,
        isApproved: false,
        status: 'pending',
        submittedAt: new Date(),
        createdAt: new Date(),
        updatedAt: new Date(),
      } as never),
    );
    expect(ownOf(await api().get(`/provider-info/${providerId}/reviews/mine`).set(bearer(unpaid)).expect(200))).toMatchObject({ _id, status: 'pending' });
    await api().put(`/provider-info/${providerId}/reviews/mine`).set(bearer(unpaid)).send(goodReview).expect(403);
    await api().delete(`/provider-info/${providerId}/reviews/mine`).set(bearer(unpaid)).expect(204);
    expect(ownOf(await api().get(`/provider-info/${providerId}/reviews/mine`).set(bearer(unpaid)).expect(200))).toBeNull();
  });
});

describe('the admin Reviews page', () => {
  it('lists one state a page at a time, newest submission first, with the provider’s name', async () => {
    const { providerId } = await approvedProvider();
    const base = Date.now() - 3600_000;
    const ids = Array.from({ length: 23 }, () => randomUUID());
    await withDatabase(site.database, (db) =>
      db.collection('reviews').insertMany(
        ids.map((_id, index) => ({
          _id,
          providerId,
          userId: randomUUID(),
          clientName: `Client ${index}`,
          satisfactionRating: 4,
          efficacyRating: 4,
          reviewText: `Rejected review number ${index}, long enough.`,
          isActive: true,
          isApproved: false,
          status: 'rejected',
          submittedAt: new Date(base + index * 1000),
          createdAt: new Date(base + index * 1000),
          updatedAt: new Date(),
        })) as never[],
      ),
    );
    // Written behind the service's back, as the seed does: the instances are told.
    await announceReviewChanges(ids);
    const rejected = async () => (await api().get('/admins/reviews?status=rejected').set(bearer(admin)).expect(200)).body as AdminReviewsResponse;
    await eventually(async () => (await rejected()).total >= 23, 5_000);
    const first = await rejected();
    expect(first.total).toBeGreaterThanOrEqual(23);
    expect(first).toMatchObject({ page: 1, pageSize: 20, totalPages: Math.ceil(first.total / 20) });
    expect(first.reviews).toHaveLength(20);
    const ours = first.reviews.filter((review) => review.providerId === providerId);
    expect(ours[0]).toMatchObject({ clientName: 'Client 22', providerName: 'Dr. Maya Patel', status: 'rejected' });
    const times = first.reviews.map((review) => Date.parse(review.submittedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const second = (await api().get('/admins/reviews?status=rejected&page=2').set(bearer(admin)).expect(200)).body as AdminReviewsResponse;
    expect(second.reviews).toHaveLength(Math.min(20, first.total - 20));
    const seen = new Set(first.reviews.map((review) => review._id));
    expect(second.reviews.some((review) => seen.has(review._id))).toBe(false);

    // The default is the pending reviews only.
    const pending = (await api().get('/admins/reviews').set(bearer(admin)).expect(200)).body as AdminReviewsResponse;
    expect(pending.reviews.every((review) => review.status === 'pending')).toBe(true);
  });
});

describe('the figures kept on each provider', () => {
  it('are written at start for records that have none, from their approved, active reviews', async () => {
    const { providerId } = await approvedProvider();
    const withoutReviews = await approvedProvider();
    const rated = (satisfactionRating: number, efficacyRating: number, flags: { isApproved?: boolean; isActive?: boolean } = {}) => ({
      _id: randomUUID(),
      providerId,
      clientName: 'Old Review',
      satisfactionRating,
      efficacyRating,
      reviewText: 'Written before the figures were kept.',
      isActive: flags.isActive ?? true,
      isApproved: flags.isApproved ?? true,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await withDatabase(site.database, async (db) => {
      await db.collection('reviews').insertMany([rated(5, 4), rated(4, 3.5), rated(1, 1, { isApproved: false }), rated(1, 1, { isActive: false })] as never[]);
      // New records get zero figures; these two stand for records from before the figures were kept.
      await db.collection('providers').updateMany({ _id: { $in: [providerId, withoutReviews.providerId] } as never }, { $unset: { reviewStats: '' } });
    });
    expect(await storedStatsOf(providerId)).toBeUndefined();

    const connection = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: site.database }).asPromise();
    try {
      expect(await backfillReviewStats(providerModel(connection), reviewModel(connection))).toBeGreaterThanOrEqual(2);
      // A second run finds nothing left to do.
      expect(await backfillReviewStats(providerModel(connection), reviewModel(connection))).toBe(0);
    } finally {
      await connection.close();
    }
    expect(await storedStatsOf(providerId)).toEqual({ totalReviews: 2, averageSatisfactionRating: 4.5, averageEfficacyRating: 3.75, averageRating: 4.13 });
    expect(await storedStatsOf(withoutReviews.providerId)).toEqual({
      totalReviews: 0,
      averageSatisfactionRating: 0,
      averageEfficacyRating: 0,
      averageRating: 0,
    });
    expect((await profileOf(providerId)).reviewStats).toEqual({ totalReviews: 2, averageSatisfactionRating: 4.5, averageEfficacyRating: 3.75 });
  });
});
