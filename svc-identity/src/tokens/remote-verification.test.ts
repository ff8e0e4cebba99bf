import type { Express } from 'express';
import request from 'supertest';
import { createHttpApp, createLogger, finishHttpApp, identityTokenVerifier, requireAuth } from '@altmed/service-kit';
import { eventually, withDatabase } from '@altmed/local-stack/src/testing';
import { authBody, startTestIdentity, validSignup, type TestIdentity } from '../test/test-service';

/** Another service as every service but identity builds it: identity's JWKS and identity's word on account status. */
function serviceTrusting(identityUrl: string, accountStatusCacheSeconds = 1): Express {
  const verifier = identityTokenVerifier({
    IDENTITY_URL: identityUrl,
    JWT_ISSUER: 'altmed-identity',
    JWT_AUDIENCE: 'altmed',
    ACCOUNT_STATUS_CACHE_SECONDS: accountStatusCacheSeconds,
    JWKS_MAX_AGE_SECONDS: 600,
  });
  const app = createHttpApp({ logger: createLogger('test', 'silent'), trustProxy: false, bodyLimit: '1kb', readiness: async () => ({}) });
  app.get('/read', requireAuth(verifier), (_req, res) => {
    res.json({ sub: res.locals.auth?.sub });
  });
  app.post('/write', requireAuth(verifier, { activeAccount: true }), (_req, res) => {
    res.json({ sub: res.locals.auth?.sub });
  });
  return finishHttpApp(app);
}

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(() => identity.stop());

const signUp = async () => {
  const response = await request(identity.url).post('/users/signup').send(validSignup()).expect(201);
  const { token, user } = authBody(response);
  return { token, id: user.id, email: user.email };
};

it('accepts 50 concurrent valid tokens on a service that has just started', async () => {
  const members = await Promise.all(Array.from({ length: 5 }, signUp));
  const service = serviceTrusting(identity.url);
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
  await request(serviceTrusting(identity.url)).get('/read').set('Authorization', `Bearer ${header}.${payload}.${signature}`).expect(401);
});

it('stops a blocked user\u2019s token within the configured window, on routes that need an active account', async () => {
  const member = await signUp();
  const service = serviceTrusting(identity.url, 1);
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
  const service = serviceTrusting(identity.url, 1);
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
  const service = serviceTrusting(other.url);
  await other.stop();
  await request(service)
    .get('/read')
    .set('Authorization', `Bearer ${authBody(response).token}`)
    .expect(503, { message: 'Service unavailable' });
});

it('answers 503 for an active-account route when identity goes down after the keys were fetched', async () => {
  const other = await startTestIdentity();
  const response = await request(other.url).post('/users/signup').send(validSignup()).expect(201);
  const service = serviceTrusting(other.url);
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
