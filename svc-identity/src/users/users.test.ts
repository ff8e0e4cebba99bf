import { createPublicKey, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { withDatabase } from '@altmed/local-stack/src/testing';
import { authBody, startTestIdentity, validSignup, type TestIdentity } from '../test/test-service';

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startTestIdentity();
});

afterAll(async () => {
  await identity.stop();
});

const api = () => request(identity.url);

const countUsers = (email: string) => withDatabase(identity.database, (db) => db.collection('users').countDocuments({ email }));

describe('POST /users/signup', () => {
  it('creates a member and answers a token and the public user', async () => {
    const body = validSignup();
    const response = await api().post('/users/signup').send(body).expect(201);

    const { id, ...user } = authBody(response).user;
    expect(typeof id).toBe('string');
    expect(user).toEqual({
      name: 'Ada Lovelace',
      email: body.email,
      role: 'user',
      isAdmin: false,
      contactInfo: { phone: '555-123-4567', address: '1 Main St', specialties: ['Nutrition', 'Vision'] },
      membership: { status: 'none', endsAt: null },
    });
    expect(JSON.stringify(response.body)).not.toContain('correct horse');
    expect(JSON.stringify(response.body)).not.toContain('passwordHash');

    const jwks = await api().get('/.well-known/jwks.json').expect(200);
    const keySet = jwks.body as { keys: [JsonWebKey & { kid: string; alg: string; use: string }] };
    const [jwk] = keySet.keys;
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwk.d).toBeUndefined();
    const { payload: claims, header: protectedHeader } = jwt.verify(authBody(response).token, createPublicKey({ key: jwk, format: 'jwk' }), {
      algorithms: ['ES256'],
      issuer: 'altmed-identity',
      audience: 'altmed',
      complete: true,
    }) as jwt.Jwt & { payload: jwt.JwtPayload };
    expect(protectedHeader.kid).toBe(jwk.kid);
    expect(claims).toMatchObject({ sub: authBody(response).user.id, role: 'user', email: body.email });
    expect(claims.exp! - claims.iat!).toBe(24 * 3600);
  });

  it('accepts every email the spec pattern accepts, and announces it', async () => {
    const email = `josé.${Date.now()}@example.com`;
    const response = await api().post('/users/signup').send(validSignup({ email })).expect(201);
    expect(authBody(response).user.email).toBe(email);
  });

  it('treats emails case-insensitively and refuses a second account', async () => {
    const body = validSignup();
    await api().post('/users/signup').send(body).expect(201);
    const again = await api()
      .post('/users/signup')
      .send({ ...body, email: `  ${body.email.toUpperCase()} ` })
      .expect(409);
    expect(again.body).toEqual({ message: 'User with this email already exists' });
    expect(await countUsers(body.email)).toBe(1);
  });

  it('never takes the role from the client', async () => {
    const body = validSignup({ role: 'admin' });
    const response = await api().post('/users/signup').send(body).expect(400);
    expect((response.body as { message: string }).message).toBe('Unknown field: role');
    expect(await countUsers(body.email)).toBe(0);
  });

  it.each([
    ['a missing name', { name: '   ' }, 'First Name and Last Name are required'],
    ['a bad email', { email: 'not-an-email' }, 'A valid email address is required'],
    ['an operator instead of an email', { email: { $ne: null } }, 'A valid email address is required'],
    ['a short password', { password: '12345' }, 'Password must be at least 6 characters long'],
    ['a password that is not text', { password: { $gt: '' } }, 'Password must be at least 6 characters long'],
    ['a bad phone', { contactInfo: { phone: '5551234567', specialties: ['Vision'] } }, 'Phone number must be in the format 000-000-0000'],
    ['no area of interest', { contactInfo: { phone: '555-123-4567', specialties: [] } }, 'Please select at least one area of interest'],
    ['an unknown area', { contactInfo: { phone: '555-123-4567', specialties: ['Astrology'] } }, 'Please select at least one area of interest'],
  ])('answers 400 for %s', async (_label, overrides, message) => {
    const body = validSignup(overrides);
    const response = await api().post('/users/signup').send(body).expect(400);
    expect(response.body).toEqual({ message });
  });

  it('answers 400 for a body that is not JSON and 413 for one that is too large', async () => {
    const broken = await api().post('/users/signup').set('Content-Type', 'application/json').send('{"name":').expect(400);
    expect(broken.body).toEqual({ message: 'Request body is not valid JSON' });
    const huge = await api()
      .post('/users/signup')
      .send(validSignup({ name: 'x'.repeat(200_000) }))
      .expect(413);
    expect(huge.body).toEqual({ message: 'Request body is too large' });
  });
});

describe('POST /users/login', () => {
  const member = validSignup();

  beforeAll(async () => {
    await api().post('/users/signup').send(member).expect(201);
  });

  it('logs in with the email in any case', async () => {
    const response = await api().post('/users/login').send({ email: member.email.toUpperCase(), password: member.password }).expect(200);
    expect(authBody(response).user).toMatchObject({ email: member.email, role: 'user' });
    expect(typeof authBody(response).token).toBe('string');
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrongPassword = await api().post('/users/login').send({ email: member.email, password: 'wrong password' }).expect(401);
    const unknownEmail = await api().post('/users/login').send({ email: 'nobody@example.com', password: 'wrong password' }).expect(401);
    expect(wrongPassword.body).toEqual({ message: 'Invalid email or password' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('refuses query operators and missing fields', async () => {
    const injected = await api()
      .post('/users/login')
      .send({ email: { $ne: null }, password: { $ne: null } })
      .expect(400);
    expect(injected.body).toEqual({ message: 'Email and password are required' });
    await api().post('/users/login').send({ email: member.email }).expect(400);
    await api().post('/users/login').send([]).expect(400);
  });
});

describe('GET /users/me', () => {
  it('answers the caller from a valid token', async () => {
    const signup = await api().post('/users/signup').send(validSignup()).expect(201);
    const me = await api()
      .get('/users/me')
      .set('Authorization', `Bearer ${authBody(signup).token}`)
      .expect(200);
    expect(authBody(me).user).toEqual(authBody(signup).user);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('refuses a missing, tampered, foreign-key, wrong-algorithm or expired token', async () => {
    const signup = await api().post('/users/signup').send(validSignup()).expect(201);
    const { token } = authBody(signup);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as jwt.JwtPayload;
    const { kid } = JSON.parse(Buffer.from(header!, 'base64url').toString()) as { kid: string };

    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.${signature}`;
    const foreignKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const foreign = jwt.sign({ ...claims }, foreignKey, { algorithm: 'ES256', keyid: kid });
    const symmetric = jwt.sign({ ...claims }, 'guessable-secret', { algorithm: 'HS256', keyid: kid });
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', kid })).toString('base64url')}.${payload}.`;

    await api().get('/users/me').expect(401, { message: 'You are not authenticated to access this page.' });
    for (const bad of [tampered, foreign, symmetric, unsigned, 'not-a-token']) {
      await api().get('/users/me').set('Authorization', `Bearer ${bad}`).expect(401);
    }
  });
});

describe('rate limiting', () => {
  it('answers 429 once an address exceeds its login and signup attempts', async () => {
    const limited = await startTestIdentity({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await request(limited.url).post('/users/login').send({ email: 'a@example.com', password: 'whatever' }).expect(401);
      }
      const blocked = await request(limited.url).post('/users/signup').send(validSignup()).expect(429);
      expect(blocked.body).toEqual({ message: 'Too many requests, please try again later' });
    } finally {
      await limited.stop();
    }
  });
});
