import type { Express } from 'express';
import request from 'supertest';
import { createHttpApp, createLogger, EventBroker, finishHttpApp, identityTokenVerifier, requireAuth } from '@altmed/service-kit';
import { eventually, testEventsExchange, withDatabase } from '@altmed/local-stack/src/testing';
import { admitAdministrator, authBody, startTestIdentity, validSignup, type TestIdentity } from '../test/test-service';

const logger = createLogger('test', 'silent');
const brokers: EventBroker[] = [];

/**
 * Another service as every service but identity builds it: identity's JWKS and identity's word on
 * account status, forgotten when its broker (on this file's exchange) tells of a change.
 */
async function serviceTrusting(identityUrl: string, accountStatusCacheSeconds = 1): Promise<Express> {
  const broker = new EventBroker({ url: process.env.AMQP_URL!, logger, exchange: testEventsExchange() });
  brokers.push(broker);
  const verifier = identityTokenVerifier(
    {
      IDENTITY_URL: identityUrl,
      JWT_ISSUER: 'altmed-identity',
      JWT_AUDIENCE: 'altmed',
      ACCOUNT_STATUS_CACHE_SECONDS: accountStatusCacheSeconds,
      JWKS_MAX_AGE_SECONDS: 600,
    },
    broker,
  );
  const subscribed = new Promise<void>((resolve) => {
    broker.subscribeThisInstance({ name: 'test-ready', eventTypes: ['test.never-published'], handle: async () => undefined, onSubscribed: () => resolve() });
  });
  await broker.start();
  // Subscriptions are made in the order registered: the account-status one is in place before this one.
  await subscribed;
  const app = createHttpApp({ logger, trustProxy: false, bodyLimit: '1kb', readiness: async () => ({}) });
  app.get('/read', requireAuth(verifier), (_req, res) => {
    res.json({ sub: res.locals.auth?.sub });
  });
  app.post('/write', requireAuth(verifier, { activeAccount: true }), (_req, res) => {
    res.json({ sub: res.locals.auth?.sub });
  });
  return finishHttpApp(app);
}

let identity: TestIdentity;

const ADMIN = { email: 'admin@tokens.example.com', password: 'a-long-admin-password' };

beforeAll(async () => {
  identity = await startTestIdentity({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
afterAll(async () => {
  await Promise.all(brokers.map((broker) => broker.close()));
  await identity.stop();
});

const signUp = async () => {
  const response = await request(identity.url).post('/users/signup').send(validSignup()).expect(201);
  const { token, user } = authBody(response);
  return { token, id: user.id, email: user.email };
};

/** Resolves with how long it took until every service refused the token on a route that needs an active account. */
async function refusedEverywhere(services: Express[], token: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  await eventually(
    async () => {
      const statuses = await Promise.all(
        services.map(async (service) => (await request(service).post('/write').set('Authorization', `Bearer ${token}`)).status),
      );
      return statuses.every((status) => status === 401);
    },
    timeoutMs,
    'a service still takes the token',
    20,
  );
  return performance.now() - started;
}

describe('with the account-status cache at its longest (30 s)', () => {
  it('refuses a blocked member\u2019s token in two instances within a second of the block, and an unblocked member\u2019s new login at once', async () => {
    const member = await signUp();
    const instances = await Promise.all([serviceTrusting(identity.url, 30), serviceTrusting(identity.url, 30)]);
    for (const service of instances) await request(service).post('/write').set('Authorization', `Bearer ${member.token}`).expect(200);
    const adminToken = authBody(await request(identity.url).post('/users/login').send(ADMIN).expect(200)).token;

    await request(identity.url).put(`/members/${member.id}/status`).set('Authorization', `Bearer ${adminToken}`).send({ action: 'block' }).expect(200);
    expect(await refusedEverywhere(instances, member.token, 1_000)).toBeLessThan(1_000);

    await request(identity.url).put(`/members/${member.id}/status`).set('Authorization', `Bearer ${adminToken}`).send({ action: 'unblock' }).expect(200);
    const again = authBody(await request(identity.url).post('/users/login').send({ email: member.email, password: 'correct horse' }).expect(200)).token;
    for (const service of instances) await request(service).post('/write').set('Authorization', `Bearer ${again}`).expect(200);
  });

  it('refuses a deleted member\u2019s token in two instances within a second of the deletion, and keeps the cached answers of others', async () => {
    const [member, other] = await Promise.all([signUp(), signUp()]);
    const instances = await Promise.all([serviceTrusting(identity.url, 30), serviceTrusting(identity.url, 30)]);
    for (const service of instances) {
      await request(service).post('/write').set('Authorization', `Bearer ${member.token}`).expect(200);
      await request(service).post('/write').set('Authorization', `Bearer ${other.token}`).expect(200);
    }

    await request(identity.url).delete('/users/me').set('Authorization', `Bearer ${member.token}`).send({ password: 'correct horse' }).expect(200);
    expect(await refusedEverywhere(instances, member.token, 1_000)).toBeLessThan(1_000);

    // The other member's answer is still the cached one: blocked behind the instances' backs, the token still works.
    await withDatabase(identity.database, (db) => db.collection<{ _id: string }>('users').updateOne({ _id: other.id }, { $set: { status: 'blocked' } }));
    for (const service of instances) await request(service).post('/write').set('Authorization', `Bearer ${other.token}`).expect(200);
  });

  it('refuses a removed administrator\u2019s token in two instances within a second of the removal, and keeps the remover\u2019s', async () => {
    const lead = authBody(await request(identity.url).post('/users/login').send(ADMIN).expect(200));
    const removed = await admitAdministrator(identity, lead.token);
    const instances = await Promise.all([serviceTrusting(identity.url, 30), serviceTrusting(identity.url, 30)]);
    for (const service of instances)
      for (const token of [lead.token, removed.token]) await request(service).post('/write').set('Authorization', `Bearer ${token}`).expect(200);

    await request(identity.url).delete(`/administrators/${removed.user.id}`).set('Authorization', `Bearer ${lead.token}`).expect(204);
    expect(await refusedEverywhere(instances, removed.token, 1_000)).toBeLessThan(1_000);
    for (const service of instances) await request(service).post('/write').set('Authorization', `Bearer ${lead.token}`).expect(200);
  });
});

it('accepts 50 concurrent valid tokens on a service that has just started', async () => {
  const members = await Promise.all(Array.from({ length: 5 }, signUp));
  const service = await serviceTrusting(identity.url);
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, index) => {
      const member = members[index % members.length]!;
      const call = index % 2 === 0 ? request(service).post('/write') : request(service).get('/read');
      return call.set('Authorization', `Bearer ${member.token}`);
    }),
  );
  expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
});

it('refuses a token whose key id identity does not publish', async () => {
  const { token } = await signUp();
  const [, payload, signature] = token.split('.');
  const header = Buffer.from(JSON.stringify({ alg: 'ES256', kid: 'retired-key', typ: 'JWT' })).toString('base64url');
  await request(await serviceTrusting(identity.url))
    .get('/read')
    .set('Authorization', `Bearer ${header}.${payload}.${signature}`)
    .expect(401);
});

it('stops a blocked user\u2019s token within the configured window, on routes that need an active account', async () => {
  const member = await signUp();
  const service = await serviceTrusting(identity.url, 1);
  await request(service).post('/write').set('Authorization', `Bearer ${member.token}`).expect(200);

  await withDatabase(identity.database, (db) => db.collection<{ _id: string }>('users').updateOne({ _id: member.id }, { $set: { status: 'blocked' } }));
  await request(identity.url)
    .get('/users/me')
    .set('Authorization', `Bearer ${member.token}`)
    .expect(401, { message: 'You are not authenticated to access this page.' });
  await eventually(
    async () => (await request(service).post('/write').set('Authorization', `Bearer ${member.token}`)).status === 401,
    10_000,
    'the blocked token still works',
  );
  // Reading needs a valid token only.
  await request(service).get('/read').set('Authorization', `Bearer ${member.token}`).expect(200);
});

it('stops a deleted user\u2019s token the same way', async () => {
  const member = await signUp();
  const service = await serviceTrusting(identity.url, 1);
  await request(service).post('/write').set('Authorization', `Bearer ${member.token}`).expect(200);
  await withDatabase(identity.database, (db) => db.collection<{ _id: string }>('users').deleteOne({ _id: member.id }));
  await eventually(
    async () => (await request(service).post('/write').set('Authorization', `Bearer ${member.token}`)).status === 401,
    10_000,
    'the deleted user\u2019s token still works',
  );
});

it('answers 503, not 401, while identity is down', async () => {
  const other = await startTestIdentity();
  const response = await request(other.url).post('/users/signup').send(validSignup()).expect(201);
  const service = await serviceTrusting(other.url);
  await other.stop();
  await request(service)
    .get('/read')
    .set('Authorization', `Bearer ${authBody(response).token}`)
    .expect(503, { message: 'Service unavailable' });
});

it('answers 503 for an active-account route when identity goes down after the keys were fetched', async () => {
  const other = await startTestIdentity();
  const response = await request(other.url).post('/users/signup').send(validSignup()).expect(201);
  const service = await serviceTrusting(other.url);
  await request(service)
    .get('/read')
    .set('Authorization', `Bearer ${authBody(response).token}`)
    .expect(200);
  await other.stop();
  await request(service)
    .post('/write')
    .set('Authorization', `Bearer ${authBody(response).token}`)
    .expect(503, { message: 'Service unavailable' });
});
