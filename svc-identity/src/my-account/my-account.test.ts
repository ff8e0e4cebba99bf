import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { AccountMessages, type AdminMembersResponse, type EventEnvelope, type MyAccountData } from '@altmed/contracts';
import { eventually, listenForEvents, waitForOutboxDrained, withDatabase, type EventListener } from '@altmed/local-stack/src/testing';
import { authBody, startTestIdentity, validSignup, waitForPublishedEventsReceived, type TestIdentity } from '../test/test-service';

const ADMIN = { email: 'admin@my-account.example.com', password: 'a-long-admin-password' };

let identity: TestIdentity;
let deletionEvents: EventListener<{ userId: string }>;
let adminToken: string;

beforeAll(async () => {
  identity = await startTestIdentity({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ACCOUNT_STATUS_CACHE_SECONDS: '1' });
  deletionEvents = await listenForEvents<{ userId: string }>(['user.deleted']);
  adminToken = authBody(await request(identity.url).post('/users/login').send(ADMIN).expect(200)).token;
});

afterAll(async () => {
  await deletionEvents.close();
  await identity.stop();
});

const api = () => request(identity.url);

async function signUp() {
  const body = validSignup();
  return { ...authBody(await api().post('/users/signup').send(body).expect(201)), body };
}

describe('GET /users/me/data', () => {
  it('gives a member their account as identity holds it, and no one else', async () => {
    const { token, user, body } = await signUp();
    const response = await api().get('/users/me/data').set('authorization', `Bearer ${token}`).expect(200);
    // A shared computer's browser cache keeps none of it.
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = response.body as MyAccountData;
    expect(answer.account).toEqual({
      id: user.id,
      name: body.name,
      email: body.email.toLowerCase(),
      role: 'user',
      createdAt: expect.any(String) as string,
      contactInfo: { phone: expect.any(String) as string, address: expect.any(String) as string, specialties: expect.any(Array) as string[] },
      membership: { status: 'none', endsAt: null },
    });
    await api().get('/users/me/data').expect(401);
    await api().get('/users/me/data').set('authorization', `Bearer ${adminToken}`).expect(403);
  });
});

describe('DELETE /users/me', () => {
  it('needs the password, and a wrong one deletes nothing', async () => {
    const { token } = await signUp();
    const asMember = (req: request.Test) => req.set('authorization', `Bearer ${token}`);
    expect((await asMember(api().delete('/users/me')).send({}).expect(400)).body).toEqual({ message: AccountMessages.passwordRequired });
    expect((await asMember(api().delete('/users/me')).send({ password: 'not the password' }).expect(400)).body).toEqual({
      message: AccountMessages.passwordWrong,
    });
    await asMember(api().delete('/users/me')).send({ password: 'x', role: 'admin' }).expect(400);
    await asMember(api().get('/users/me')).expect(200);
    await api().delete('/users/me').send({ password: 'x' }).expect(401);
    await api().delete('/users/me').set('authorization', `Bearer ${adminToken}`).send({ password: ADMIN.password }).expect(403);
  });

  it('removes the name, email, password and contact details, ends every token, frees the email and tells the other services once', async () => {
    const { token, user, body } = await signUp();
    const answer = await api().delete('/users/me').set('authorization', `Bearer ${token}`).send({ password: body.password }).expect(200);
    expect(answer.body).toEqual({ message: AccountMessages.deleted });

    await eventually(async () => (await api().get('/users/me').set('authorization', `Bearer ${token}`)).status === 401, 5_000);
    await api().post('/users/login').send({ email: body.email, password: body.password }).expect(401);
    await api().delete('/users/me').set('authorization', `Bearer ${token}`).send({ password: body.password }).expect(401);

    const list = (await api().get('/members').query({ search: body.email }).set('authorization', `Bearer ${adminToken}`).expect(200))
      .body as AdminMembersResponse;
    expect(list.total).toBe(0);
    await api().get(`/members/${user.id}`).set('authorization', `Bearer ${adminToken}`).expect(404);

    // The email is free for a new account, which is another account.
    const again = authBody(
      await api()
        .post('/users/signup')
        .send({ ...body })
        .expect(201),
    );
    expect(again.user.id).not.toBe(user.id);

    await waitForPublishedEventsReceived(identity, 'user.deleted', () => deletionEvents.received.length);
    expect(deletionEvents.received.filter((event) => event.data.userId === user.id)).toEqual([
      expect.objectContaining({ type: 'user.deleted', data: { userId: user.id, deletedAt: expect.any(String) as string, email: body.email } }),
    ]);
  });

  it('drops the events still waiting in the account’s outbox: nothing more is sent to the person', async () => {
    const { token, user, body } = await signUp();
    await waitForOutboxDrained(identity);
    // A reminder whose publishing failed and waits for its retry, as it would while the broker is away.
    const endsAt = '2027-01-01T00:00:00.000Z';
    const waiting: EventEnvelope = {
      id: randomUUID(),
      type: 'membership.reminder_due',
      version: 1,
      time: new Date().toISOString(),
      source: 'svc-identity',
      data: { reminderId: `${user.id}:30-days:${endsAt}`, userId: user.id, email: body.email, name: body.name, kind: '30-days', endsAt },
    };
    await withDatabase(identity.database, (db) =>
      db
        .collection<{ _id: string }>('users')
        .updateOne(
          { _id: user.id },
          { $push: { outbox: waiting }, $set: { outboxPending: true, outboxDueAt: new Date(Date.now() + 3_600_000), outboxAttempts: 3 } },
        ),
    );
    const remindersBefore = await identity.service.metrics.eventsPublished('membership.reminder_due');

    await api().delete('/users/me').set('authorization', `Bearer ${token}`).send({ password: body.password }).expect(200);
    await waitForPublishedEventsReceived(identity, 'user.deleted', () => deletionEvents.received.length);
    expect(deletionEvents.received.some((event) => event.data.userId === user.id)).toBe(true);
    const tombstone = await withDatabase(identity.database, (db) => db.collection<{ _id: string; outbox: EventEnvelope[] }>('users').findOne({ _id: user.id }));
    expect(tombstone?.outbox).toEqual([]);
    expect(await identity.service.metrics.eventsPublished('membership.reminder_due')).toBe(remindersBefore);
  });
});
