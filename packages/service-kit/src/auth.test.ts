import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { requireAuth } from './auth-middleware';
import { identityAccount } from './identity-account';
import { jwksKeySource, type JwksKeySourceOptions } from './token-keys';
import { createTokenVerifier, type AccountStatusSource } from './token-verifier';
import { createLogger } from './logger';
import { createHttpApp, finishHttpApp } from './http';

const keyPair = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
const claims = { role: 'user', name: 'Ada', email: 'ada@example.com' };
const alwaysActive: AccountStatusSource = async () => true;

interface TokenOptions {
  key?: KeyObject;
  kid?: string;
  issuer?: string;
  audience?: string;
  expiresAt?: number;
  payload?: Record<string, unknown>;
}

const sign = async (signing: KeyObject, { key = signing, kid = 'key-1', issuer = 'iss', audience = 'aud', expiresAt, payload = claims }: TokenOptions = {}) =>
  jwt.sign({ ...payload, exp: expiresAt ?? Math.floor(Date.now() / 1000) + 60 }, key, { algorithm: 'ES256', keyid: kid, subject: 'u1', issuer, audience });

/** An HTTP server publishing a JWKS, as identity does; `keys` and `up` can change while it runs. */
async function startJwksServer(initialKeys: { kid: string; key: KeyObject }[], delayMs = 0) {
  const state = { keys: initialKeys, up: true, requests: 0 };
  const server = http.createServer((_req, res) => {
    state.requests += 1;
    setTimeout(() => {
      if (!state.up) {
        res.statusCode = 502;
        return res.end();
      }
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ keys: state.keys.map(({ kid, key }) => ({ ...key.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' })) }));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
  return {
    state,
    url,
    verifier: (options?: JwksKeySourceOptions) =>
      createTokenVerifier({ keySource: jwksKeySource(url, options), issuer: 'iss', audience: 'aud', accountStatus: alwaysActive }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('token verification against a JWKS', () => {
  const signing = keyPair();
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;

  beforeAll(async () => {
    jwks = await startJwksServer([{ kid: 'key-1', key: signing.publicKey }]);
  });
  afterAll(() => jwks.stop());

  it('accepts a token signed by the published key and fetches the JWKS once', async () => {
    const before = jwks.state.requests;
    const verifier = jwks.verifier();
    await expect(verifier.verify(await sign(signing.privateKey))).resolves.toMatchObject({ sub: 'u1', role: 'user' });
    await verifier.verify(await sign(signing.privateKey));
    expect(jwks.state.requests - before).toBe(1);
  });

  it('refuses the wrong issuer, audience, key, algorithm, an unknown key id, an expired token or one without an expiry', async () => {
    const verifier = jwks.verifier();
    const refused = [
      await sign(signing.privateKey, { issuer: 'other' }),
      await sign(signing.privateKey, { audience: 'other' }),
      await sign(signing.privateKey, { key: keyPair().privateKey }),
      await sign(signing.privateKey, { expiresAt: Math.floor(Date.now() / 1000) - 10 }),
      await sign(signing.privateKey, { kid: 'unknown-key' }),
      jwt.sign(claims, 'secret', { algorithm: 'HS256', keyid: 'key-1', subject: 'u1', issuer: 'iss', audience: 'aud', expiresIn: 60 }),
      jwt.sign(claims, signing.privateKey, { algorithm: 'ES256', keyid: 'key-1', subject: 'u1', issuer: 'iss', audience: 'aud' }),
      'not-a-token',
    ];
    for (const token of refused)
      await expect(verifier.verify(token)).rejects.toMatchObject({ status: 401, message: 'You are not authenticated to access this page.' });
  });

  it('refuses a token whose claims do not match the claims schema with 401, not 500', async () => {
    const token = await sign(signing.privateKey, { payload: { ...claims, role: 'superuser' } });
    await expect(jwks.verifier().verify(token)).rejects.toMatchObject({ status: 401 });
  });
});

it('accepts 50 concurrent valid tokens at cold start with one JWKS fetch', async () => {
  const signing = keyPair();
  // The JWKS answers slowly, so every request arrives while the first fetch is still running.
  const jwks = await startJwksServer([{ kid: 'key-1', key: signing.publicKey }], 300);
  try {
    const verifier = jwks.verifier();
    const tokens = await Promise.all(Array.from({ length: 50 }, () => sign(signing.privateKey)));
    const results = await Promise.allSettled(tokens.map((token) => verifier.verify(token)));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(jwks.state.requests).toBe(1);
  } finally {
    await jwks.stop();
  }
});

it('finds a newly published key with a fresh fetch, and a key id still unknown after it is 401', async () => {
  const first = keyPair();
  const next = keyPair();
  const jwks = await startJwksServer([{ kid: 'key-1', key: first.publicKey }]);
  try {
    const verifier = jwks.verifier({ cooldownMs: 0 });
    await verifier.verify(await sign(first.privateKey));
    jwks.state.keys = [...jwks.state.keys, { kid: 'key-2', key: next.publicKey }];
    await expect(verifier.verify(await sign(next.privateKey, { kid: 'key-2' }))).resolves.toMatchObject({ sub: 'u1' });
    const fetchesBefore = jwks.state.requests;
    await expect(verifier.verify(await sign(next.privateKey, { kid: 'key-3' }))).rejects.toMatchObject({ status: 401 });
    expect(jwks.state.requests).toBe(fetchesBefore + 1);
  } finally {
    await jwks.stop();
  }
});

it('fetches nothing for key ids it does not hold within the cooldown (401), and still refreshes a known key when it is due', async () => {
  const signing = keyPair();
  const jwks = await startJwksServer([{ kid: 'key-1', key: signing.publicKey }]);
  try {
    const verifier = jwks.verifier({ cooldownMs: 30_000, maxAgeMs: 300 });
    await verifier.verify(await sign(signing.privateKey));
    for (const kid of ['forged-1', 'forged-2', 'forged-3', 'forged-4'])
      await expect(verifier.verify(await sign(signing.privateKey, { kid }))).rejects.toMatchObject({ status: 401 });
    expect(jwks.state.requests).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(verifier.verify(await sign(signing.privateKey))).resolves.toMatchObject({ sub: 'u1' });
    expect(jwks.state.requests).toBe(2);
  } finally {
    await jwks.stop();
  }
});

it('answers 503 to every request while the JWKS cannot be fetched', async () => {
  const signing = keyPair();
  const jwks = await startJwksServer([{ kid: 'key-1', key: signing.publicKey }]);
  try {
    jwks.state.up = false;
    const verifier = jwks.verifier({ cooldownMs: 30_000 });
    for (let attempt = 0; attempt < 4; attempt += 1) await expect(verifier.verify(await sign(signing.privateKey))).rejects.toMatchObject({ status: 503 });
  } finally {
    await jwks.stop();
  }
});

it('fetches keys again once they are older than their maximum age', async () => {
  const signing = keyPair();
  const jwks = await startJwksServer([{ kid: 'key-1', key: signing.publicKey }]);
  try {
    const verifier = jwks.verifier({ maxAgeMs: 200 });
    await verifier.verify(await sign(signing.privateKey));
    // A key withdrawn by identity stops working once the cached set is too old.
    jwks.state.keys = [];
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(verifier.verify(await sign(signing.privateKey))).rejects.toMatchObject({ status: 401 });
    expect(jwks.state.requests).toBe(2);
  } finally {
    await jwks.stop();
  }
});

it('answers 503, not 401, while the JWKS cannot be fetched, and recovers', async () => {
  const signing = keyPair();
  const jwks = await startJwksServer([{ kid: 'key-1', key: signing.publicKey }]);
  try {
    jwks.state.up = false;
    const verifier = jwks.verifier();
    const token = await sign(signing.privateKey);
    await expect(verifier.verify(token)).rejects.toMatchObject({ status: 503, message: 'Service unavailable' });
    jwks.state.up = true;
    await expect(verifier.verify(token)).resolves.toMatchObject({ sub: 'u1' });
  } finally {
    await jwks.stop();
  }
});

it('answers 503 when nothing listens at the JWKS address', async () => {
  const signing = keyPair();
  const jwks = await startJwksServer([]);
  const verifier = jwks.verifier();
  await jwks.stop();
  await expect(verifier.verify(await sign(signing.privateKey))).rejects.toMatchObject({ status: 503 });
});

describe('requireAuth', () => {
  const signing = keyPair();
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  const inactive = new Set<string>();

  beforeAll(async () => {
    jwks = await startJwksServer([{ kid: 'key-1', key: signing.publicKey }]);
  });
  afterAll(() => jwks.stop());

  function appWith(accountStatus: AccountStatusSource) {
    const verifier = createTokenVerifier({ keySource: jwksKeySource(jwks.url), issuer: 'iss', audience: 'aud', accountStatus });
    const app = createHttpApp({ logger: createLogger('test', 'silent'), trustProxy: false, bodyLimit: '1kb', readiness: async () => ({}) });
    app.get('/read', requireAuth(verifier), (_req, res) => {
      res.json(res.locals.auth);
    });
    app.post('/write', requireAuth(verifier, { activeAccount: true }), (_req, res) => {
      res.json({ ok: true });
    });
    app.post('/admin', requireAuth(verifier, { roles: ['admin'], activeAccount: true }), (_req, res) => {
      res.json({ ok: true });
    });
    return finishHttpApp(app);
  }

  it('checks the account status only where asked, after the role', async () => {
    let statusCalls = 0;
    const app = appWith(async (tokenClaims) => {
      statusCalls += 1;
      return !inactive.has(tokenClaims.sub);
    });
    const token = await sign(signing.privateKey);
    await request(app).get('/read').set('Authorization', `Bearer ${token}`).expect(200);
    await request(app).post('/write').set('Authorization', `Bearer ${token}`).expect(200);
    await request(app).post('/admin').set('Authorization', `Bearer ${token}`).expect(403);
    expect(statusCalls).toBe(1);
    inactive.add('u1');
    await request(app).post('/write').set('Authorization', `Bearer ${token}`).expect(401, { message: 'You are not authenticated to access this page.' });
    await request(app).get('/read').set('Authorization', `Bearer ${token}`).expect(200);
  });
});

describe('active membership', () => {
  const signing = keyPair();
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  /** Stands in for svc-identity's GET /users/me: what it answers can change while it runs. */
  const identityState = { membership: { status: 'none', endsAt: null as string | null }, active: true, calls: 0 };
  let identity: http.Server;
  let identityUrl: string;

  beforeAll(async () => {
    jwks = await startJwksServer([{ kid: 'key-1', key: signing.publicKey }]);
    identity = http.createServer((_req, res) => {
      identityState.calls += 1;
      res.setHeader('Content-Type', 'application/json');
      if (!identityState.active) {
        res.statusCode = 401;
        return res.end(JSON.stringify({ message: 'You are not authenticated to access this page.' }));
      }
      res.end(JSON.stringify({ user: { id: 'u1', membership: identityState.membership } }));
    });
    await new Promise<void>((resolve) => identity.listen(0, '127.0.0.1', resolve));
    identityUrl = `http://127.0.0.1:${(identity.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await jwks.stop();
    await new Promise((resolve) => identity.close(resolve));
  });

  function membersOnlyApp() {
    const verifier = createTokenVerifier({
      keySource: jwksKeySource(jwks.url),
      issuer: 'iss',
      audience: 'aud',
      ...identityAccount(identityUrl, { ttlMs: 60_000 }),
    });
    const app = createHttpApp({ logger: createLogger('test', 'silent'), trustProxy: false, bodyLimit: '1kb', readiness: async () => ({}) });
    app.post('/write', requireAuth(verifier, { activeAccount: true }), (_req, res) => {
      res.json({ ok: true });
    });
    app.post('/members-only', requireAuth(verifier, { activeMembership: true }), (_req, res) => {
      res.json({ ok: true });
    });
    return finishHttpApp(app);
  }

  it('refuses a member without an active membership with 403, and lets one in as soon as identity says the membership is active', async () => {
    const app = membersOnlyApp();
    const token = await sign(signing.privateKey);
    identityState.membership = { status: 'none', endsAt: null };
    await request(app).post('/members-only').set('Authorization', `Bearer ${token}`).expect(403, { message: 'An active membership is required' });
    identityState.membership = { status: 'active', endsAt: new Date(Date.now() - 1000).toISOString() };
    await request(app).post('/members-only').set('Authorization', `Bearer ${token}`).expect(403);
    // The cached "not active" is asked again: a member who has just paid is let in at once.
    identityState.membership = { status: 'active', endsAt: new Date(Date.now() + 86_400_000).toISOString() };
    await request(app).post('/members-only').set('Authorization', `Bearer ${token}`).expect(200);
    await request(app).post('/members-only').set('Authorization', `Bearer ${token}`).expect(200);
  });

  it('asks identity once for both the account status and the membership while the answer is cached, and answers 401 for an ended account', async () => {
    const app = membersOnlyApp();
    const token = await sign(signing.privateKey);
    identityState.membership = { status: 'active', endsAt: new Date(Date.now() + 86_400_000).toISOString() };
    identityState.calls = 0;
    await request(app).post('/write').set('Authorization', `Bearer ${token}`).expect(200);
    await request(app).post('/members-only').set('Authorization', `Bearer ${token}`).expect(200);
    expect(identityState.calls).toBe(1);

    identityState.active = false;
    const ended = membersOnlyApp();
    await request(ended).post('/members-only').set('Authorization', `Bearer ${token}`).expect(401);
    identityState.active = true;
  });

  it('lets an admin see what members pay for without a membership, and refuses a provider', async () => {
    const app = membersOnlyApp();
    identityState.membership = { status: 'none', endsAt: null };
    const admin = await sign(signing.privateKey, { payload: { ...claims, role: 'admin' } });
    const provider = await sign(signing.privateKey, { payload: { ...claims, role: 'provider' } });
    await request(app).post('/members-only').set('Authorization', `Bearer ${admin}`).expect(200);
    await request(app).post('/members-only').set('Authorization', `Bearer ${provider}`).expect(403, { message: 'An active membership is required' });
    identityState.active = false;
    await request(membersOnlyApp()).post('/members-only').set('Authorization', `Bearer ${admin}`).expect(401);
    identityState.active = true;
  });

  it('needs no call to identity to refuse an anonymous caller', async () => {
    identityState.calls = 0;
    await request(membersOnlyApp()).post('/members-only').expect(401);
    expect(identityState.calls).toBe(0);
  });
});
