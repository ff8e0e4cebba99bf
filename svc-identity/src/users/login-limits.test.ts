import request from 'supertest';
import { Messages } from '@altmed/contracts';
import { eventually, withDatabase } from '@altmed/local-stack/src/testing';
import { startTestIdentity, validSignup, type TestIdentity } from '../test/test-service';

const wrongPassword = (email: string) => ({ email, password: 'not the password' });
/** The service trusts X-Forwarded-For from loopback: each attempt comes from another client address. */
const fromAddress = (attempt: number) => `203.0.113.${attempt + 1}`;

async function failFiveTimes(url: string, email: string) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await request(url)
      .post('/users/login')
      .set('X-Forwarded-For', fromAddress(attempt))
      .send(wrongPassword(email))
      .expect(401, { message: 'Invalid email or password' });
  }
}

describe('login limit per account', () => {
  let identity: TestIdentity;

  beforeAll(async () => {
    identity = await startTestIdentity();
  });
  afterAll(() => identity.stop());

  it('answers 429 with Retry-After on the sixth wrong password from six addresses, even with the right password then', async () => {
    const member = validSignup();
    await request(identity.url).post('/users/signup').send(member).expect(201);
    await failFiveTimes(identity.url, member.email);

    const sixth = await request(identity.url).post('/users/login').set('X-Forwarded-For', fromAddress(5)).send(wrongPassword(member.email)).expect(429);
    expect(sixth.body).toEqual({ message: 'Too many requests, please try again later' });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    await request(identity.url)
      .post('/users/login')
      .set('X-Forwarded-For', fromAddress(6))
      .send({ email: member.email, password: member.password })
      .expect(429);
  });

  it('treats an unknown email exactly like an existing one', async () => {
    const unknown = `nobody.${Date.now()}@example.com`;
    await failFiveTimes(identity.url, unknown);
    const sixth = await request(identity.url).post('/users/login').set('X-Forwarded-For', fromAddress(5)).send(wrongPassword(unknown)).expect(429);
    expect(sixth.body).toEqual({ message: 'Too many requests, please try again later' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('counts the email in any case, and starts from zero after a successful login', async () => {
    const member = validSignup();
    await request(identity.url).post('/users/signup').send(member).expect(201);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await request(identity.url).post('/users/login').send(wrongPassword(member.email.toUpperCase())).expect(401);
    }
    await request(identity.url).post('/users/login').send({ email: member.email, password: member.password }).expect(200);
    await failFiveTimes(identity.url, member.email);
    await request(identity.url).post('/users/login').send(wrongPassword(member.email)).expect(429);
  });
});

it('refuses a wrong password for a blocked account as any wrong password, and tells only the right one that it is blocked', async () => {
  const identity = await startTestIdentity();
  try {
    const member = validSignup();
    await request(identity.url).post('/users/signup').send(member).expect(201);
    await withDatabase(identity.database, (db) => db.collection('users').updateOne({ email: member.email }, { $set: { status: 'blocked' } }));
    await request(identity.url).post('/users/login').send(wrongPassword(member.email)).expect(401, { message: 'Invalid email or password' });
    await request(identity.url).post('/users/login').send({ email: member.email, password: member.password }).expect(403, { message: Messages.accountBlocked });
  } finally {
    await identity.stop();
  }
});

it('shares the counts between two instances on one database', async () => {
  const first = await startTestIdentity({ AUTH_RATE_LIMIT_PER_MINUTE: '8' });
  const second = await startTestIdentity({ AUTH_RATE_LIMIT_PER_MINUTE: '8', MONGO_DB: first.database });
  try {
    const email = 'shared@example.com';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const instance = attempt % 2 === 0 ? first : second;
      await request(instance.url).post('/users/login').set('X-Forwarded-For', fromAddress(attempt)).send(wrongPassword(email)).expect(401);
    }
    await request(second.url).post('/users/login').set('X-Forwarded-For', fromAddress(5)).send(wrongPassword(email)).expect(429);

    // The per-address limit is shared too: 8 attempts a minute from one address, across both.
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const instance = attempt % 2 === 0 ? first : second;
      await request(instance.url)
        .post('/users/login')
        .set('X-Forwarded-For', '198.51.100.7')
        .send(wrongPassword(`a${attempt}@example.com`))
        .expect(401);
    }
    const blocked = await request(first.url).post('/users/signup').set('X-Forwarded-For', '198.51.100.7').send(validSignup()).expect(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
  } finally {
    await second.stop({ keepDatabase: true });
    await first.stop();
  }
});

it('lets an account try again once its window has passed, with the ended window reused in place', async () => {
  // Five argon2 checks must fit in one window even on a busy machine: a few seconds, not one.
  const identity = await startTestIdentity({ LOGIN_FAILURE_WINDOW_SECONDS: '5' });
  try {
    const email = 'window@example.com';
    await failFiveTimes(identity.url, email);
    await request(identity.url).post('/users/login').send(wrongPassword(email)).expect(429);
    await eventually(
      async () => (await request(identity.url).post('/users/login').send(wrongPassword(email))).status === 401,
      20_000,
      'the account stayed locked',
    );
    const windows = await withDatabase(identity.database, (db) => db.collection('rate_limits').countDocuments({ key: `login-account:${email}` }));
    expect(windows).toBe(1);
  } finally {
    await identity.stop();
  }
}, 60_000);
