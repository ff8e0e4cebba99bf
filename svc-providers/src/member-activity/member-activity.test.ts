import request from 'supertest';
import { FORMER_MEMBER_NAME, type MemberActivityResponse, type MyReviews } from '@altmed/contracts';
import { waitForDeliveriesDone, withDatabase } from '@altmed/local-stack/src/testing';
import { activeMember, adminToken, memberToken, signUpProvider, startTestProviders, type TestProviders } from '../test/test-service';
import { accountDeletionQueue } from './user-deleted.handler';

let site: TestProviders;

beforeAll(async () => {
  site = await startTestProviders();
});

afterAll(async () => {
  await site.stopAll();
});

it('shows an admin the providers a member saved and reviewed, newest first, and refuses everyone else', async () => {
  const admin = await adminToken(site.identity.url);
  const member = await activeMember(site.identity.url);
  const other = await activeMember(site.identity.url, 'Other Member');
  const providers = [];
  for (const providerName of ['Dr. First Saved', 'Dr. Then Reviewed']) {
    const provider = await signUpProvider(site.url, { providerName, practiceName: `${providerName} Clinic` });
    await request(site.url)
      .put(`/admins/providers/${provider.providerId}/status`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ status: 'approve' })
      .expect(200);
    providers.push(provider.providerId);
  }
  const [first, second] = providers as [string, string];
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  await request(site.url).put(`/saved-providers/${first}`).set(as(member.token)).expect(204);
  await request(site.url).put(`/saved-providers/${second}`).set(as(member.token)).expect(204);
  await request(site.url).put(`/saved-providers/${first}`).set(as(other.token)).expect(204);
  const review = { satisfactionRating: 4, efficacyRating: 5, reviewText: 'Helpful, careful and kind; would see again.' };
  await request(site.url).post(`/provider-info/${first}/reviews`).set(as(member.token)).send(review).expect(201);
  await request(site.url).post(`/provider-info/${second}/reviews`).set(as(member.token)).send(review).expect(201);
  await request(site.url).post(`/provider-info/${second}/reviews`).set(as(other.token)).send(review).expect(201);

  const path = `/admins/members/${member.user.id}/activity`;
  await request(site.url).get(path).expect(401);
  await request(site.url).get(path).set(as(member.token)).expect(403);
  await request(site.url)
    .get(path)
    .set(as(await memberToken(site.identity.url)))
    .expect(403);
  const activityAnswer = await request(site.url).get(path).set(as(admin)).expect(200);
  expect(activityAnswer.headers['cache-control']).toBe('no-store');
  const activity = activityAnswer.body as MemberActivityResponse;
  expect(activity.saved).toEqual([
    { providerId: second, providerName: 'Dr. Then Reviewed', practiceName: 'Dr. Then Reviewed Clinic', savedAt: expect.any(String) as string },
    { providerId: first, providerName: 'Dr. First Saved', practiceName: 'Dr. First Saved Clinic', savedAt: expect.any(String) as string },
  ]);
  expect(activity.reviews).toEqual([
    expect.objectContaining({ providerId: second, providerName: 'Dr. Then Reviewed', satisfactionRating: 4, efficacyRating: 5, status: 'pending' }),
    expect.objectContaining({ providerId: first, providerName: 'Dr. First Saved', status: 'pending' }),
  ]);

  await request(site.url).get('/admins/members/not-an-id/activity').set(as(admin)).expect(404, { message: 'Member not found' });
});

it('gives a member their reviews for Download my data, and forgets a deleted member: saved providers go, reviews stay as “Former member”', async () => {
  const admin = await adminToken(site.identity.url);
  const member = await activeMember(site.identity.url, 'Dana Deleting');
  const provider = await signUpProvider(site.url, { providerName: 'Dr. Kept Review' });
  await request(site.url)
    .put(`/admins/providers/${provider.providerId}/status`)
    .set('Authorization', `Bearer ${admin}`)
    .send({ status: 'approve' })
    .expect(200);
  const as = { Authorization: `Bearer ${member.token}` };
  await request(site.url).put(`/saved-providers/${provider.providerId}`).set(as).expect(204);
  const text = 'Listened well and explained every option clearly.';
  await request(site.url)
    .post(`/provider-info/${provider.providerId}/reviews`)
    .set(as)
    .send({ satisfactionRating: 5, efficacyRating: 4, reviewText: text })
    .expect(201);

  const mineAnswer = await request(site.url).get('/reviews/mine').set(as).expect(200);
  expect(mineAnswer.headers['cache-control']).toBe('no-store');
  const mine = mineAnswer.body as MyReviews;
  expect(mine.reviews).toEqual([
    {
      reviewId: expect.any(String) as string,
      providerId: provider.providerId,
      providerName: 'Dr. Kept Review',
      satisfactionRating: 5,
      efficacyRating: 4,
      reviewText: text,
      status: 'pending',
      createdAt: expect.any(String) as string,
    },
  ]);
  await request(site.url).get('/reviews/mine').expect(401);
  await request(site.url).get('/reviews/mine').set('Authorization', `Bearer ${admin}`).expect(403);

  // The member deletes the account at svc-identity, which tells this service through user.deleted.
  await request(site.identity.url).delete('/users/me').set(as).send({ password: 'member password' }).expect(200);
  await waitForDeliveriesDone(site, accountDeletionQueue(site.queueSuffix), 'user.deleted', 1);
  await withDatabase(site.database, async (db) => {
    expect(await db.collection('saved_providers').countDocuments({ userId: member.user.id })).toBe(0);
    const review = await db.collection('reviews').findOne({ _id: mine.reviews[0]!.reviewId as never });
    expect(review).toMatchObject({ clientName: FORMER_MEMBER_NAME, reviewText: text });
    expect(review).not.toHaveProperty('userId');
  });
});
