import net from 'node:net';
import request from 'supertest';
import { withDatabase } from '@altmed/local-stack/src/testing';
import { startTestProviders, signupBody, signUpProvider, validStep1, memberToken, type TestProviders } from '../test/test-service';

let site: TestProviders;
beforeAll(async () => {
  site = await startTestProviders({ LOG_LEVEL: 'error' });
}, 60_000);
afterAll(() => site.stopAll());

const api = () => request(site.url);
const countProviders = (filter: Record<string, unknown>) => withDatabase(site.database, (db) => db.collection('providers').countDocuments(filter));
const countUsers = (filter: Record<string, unknown>) => withDatabase(site.identity.database, (db) => db.collection('users').countDocuments(filter));

describe('step 1: POST /provider-info', () => {
  it('creates the provider record and its login, and answers a token that acts as that provider', async () => {
    const body = validStep1({ email: `  Maya.${Date.now()}@Example.com ` });
    const response = await api().post('/provider-info').send(body).expect(201);
    const { providerId, token, user, provider } = signupBody(response);
    const email = body.email.trim().toLowerCase();
    expect(user).toMatchObject({ id: providerId, role: 'provider', providerId, email, name: 'Dr. Maya Patel', isAdmin: false });
    expect(provider).toMatchObject({
      _id: providerId,
      email,
      npiNumber: body.npiNumber,
      fullAddress: '12 Oak Street, Suite 4, Austin, TX 78701',
      status: 'pending',
      isActive: true,
      isApproved: false,
      profileComplete: false,
    });
    expect(JSON.stringify(response.body)).not.toContain('correct horse');

    const stored = await withDatabase(site.database, (db) => db.collection('providers').findOne({ _id: providerId as never }));
    expect(stored).toMatchObject({ accountState: 'active', email });
    expect(JSON.stringify(stored)).not.toContain('correct horse');
    expect(stored).not.toHaveProperty('password');

    const login = await request(site.identity.url).post('/users/login').send({ email, password: 'correct horse' }).expect(200);
    expect((login.body as { user: unknown }).user).toMatchObject({ role: 'provider', providerId });
    const own = await api().get(`/provider-info/${providerId}`).set('Authorization', `Bearer ${token}`).expect(200);
    expect((own.body as { provider: { _id: string } }).provider._id).toBe(providerId);
  });

  it('answers the spec field messages, every field at once', async () => {
    const response = await api()
      .post('/provider-info')
      .send({
        ...validStep1(),
        practiceName: ' ',
        email: 'not-an-email',
        password: '12345',
        confirmPassword: '123456',
        npiNumber: '12345',
        city: '',
        state: '',
      })
      .expect(400);
    expect(response.body).toEqual({
      message: 'This field is required.',
      errors: {
        practiceName: 'This field is required.',
        email: 'Invalid email address.',
        npiNumber: 'Invalid NPI Number. It must be 10 digits.',
        city: 'This field is required.',
        state: 'This field is required.',
        password: 'Password must be at least 6 characters long.',
        confirmPassword: 'Passwords do not match.',
      },
    });
  });

  it('refuses an NPI number with a wrong check digit under its field', async () => {
    const body = validStep1();
    const wrong = `${body.npiNumber.slice(0, 9)}${(Number(body.npiNumber[9]) + 1) % 10}`;
    const response = await api()
      .post('/provider-info')
      .send({ ...body, npiNumber: wrong })
      .expect(400);
    expect(response.body).toEqual({
      message: 'Invalid NPI Number. Please check the number: its last digit does not match.',
      errors: { npiNumber: 'Invalid NPI Number. Please check the number: its last digit does not match.' },
    });
    expect(await countProviders({ email: body.email })).toBe(0);
  });

  it('never takes status flags, a role or an id from the client', async () => {
    const response = await api()
      .post('/provider-info')
      .send({ ...validStep1(), isApproved: true })
      .expect(400);
    expect((response.body as { message: string }).message).toBe('Unknown field: isApproved');
  });

  it('answers "Email already exists" under the email field, telling the provider to log in, and keeps one record and one login', async () => {
    const first = await signUpProvider(site.url);
    const again = await api()
      .post('/provider-info')
      .send(validStep1({ email: first.email.toUpperCase() }))
      .expect(400);
    expect(again.body).toEqual({ message: 'Email already exists', errors: { email: 'This email address is already registered. Please log in instead.' } });
    expect(await countProviders({ email: first.email })).toBe(1);
    expect(await countUsers({ email: first.email })).toBe(1);
  });

  it('answers "NPI Number already exists" under the NPI field', async () => {
    const first = await signUpProvider(site.url);
    const again = await api()
      .post('/provider-info')
      .send(validStep1({ npiNumber: first.body.npiNumber }))
      .expect(400);
    expect(again.body).toEqual({ message: 'NPI Number already exists', errors: { npiNumber: 'NPI Number already exists' } });
  });

  it('refuses an email a member account holds, and leaves no provider record behind', async () => {
    const email = `member.${Date.now()}@example.com`;
    await request(site.identity.url)
      .post('/users/signup')
      .send({ name: 'Sam Member', email, password: 'member password', contactInfo: { phone: '555-123-4567', specialties: ['Nutrition'] } })
      .expect(201);
    const response = await api().post('/provider-info').send(validStep1({ email })).expect(400);
    expect(response.body).toEqual({ message: 'Email already exists', errors: { email: 'Email already exists' } });
    expect(await countProviders({ email })).toBe(0);
    expect(await countUsers({ email, role: 'provider' })).toBe(0);
  });
});

/** A loopback URL nothing listens on. */
async function deadUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('when svc-identity cannot make the login', () => {
  it.each([
    ['is unreachable', async () => ({ IDENTITY_URL: await deadUrl() })],
    ['refuses the service credential', () => Promise.resolve({ INTERNAL_API_TOKEN: 'x'.repeat(64) })],
  ])(
    'leaves no provider record when identity %s',
    async (_label, env) => {
      const broken = await startTestProviders(await env());
      try {
        const body = validStep1();
        const response = await request(broken.url).post('/provider-info').send(body).expect(503);
        expect(response.body).toEqual({ message: 'Error saving provider information. Please try again.' });
        expect(await withDatabase(broken.database, (db) => db.collection('providers').countDocuments({}))).toBe(0);
        expect(await withDatabase(broken.identity.database, (db) => db.collection('users').countDocuments({ role: 'provider' }))).toBe(0);
        // Nothing holds the email or NPI: the same sign-up succeeds once identity is reachable.
        const healthy = await request(site.url).post('/provider-info').send(body).expect(201);
        expect(signupBody(healthy).provider.email).toBe(body.email);
      } finally {
        await broken.stopAll();
      }
    },
    60_000,
  );
});

describe('sign-up limit per client address', () => {
  it("counts provider sign-ups against identity's per-address limit, and leaves nothing behind when it refuses", async () => {
    const limited = await startTestProviders({}, { AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        await request(limited.url).post('/provider-info').set('X-Forwarded-For', '198.51.100.20').send(validStep1()).expect(201);
      }
      const body = validStep1();
      const refused = await request(limited.url).post('/provider-info').set('X-Forwarded-For', '198.51.100.20').send(body).expect(429);
      expect(refused.body).toEqual({ message: 'Too many requests, please try again later' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await withDatabase(limited.database, (db) => db.collection('providers').countDocuments({ email: body.email }))).toBe(0);
      await request(limited.url).post('/provider-info').set('X-Forwarded-For', '198.51.100.21').send(body).expect(201);
    } finally {
      await limited.stopAll();
    }
  }, 60_000);
});

describe('svc-identity internal routes', () => {
  it('refuse calls without the service credential, and are idempotent by provider id', async () => {
    const providerId = '5a4e0a52-2c0e-4e43-9d34-1f2b0c0e0001';
    const account = { name: 'Dr. Lee', email: `lee.${Date.now()}@example.com`, password: 'secret password' };
    await request(site.identity.url).put(`/internal/provider-accounts/${providerId}`).send(account).expect(401);
    await request(site.identity.url).put(`/internal/provider-accounts/${providerId}`).set('x-service-token', 'wrong').send(account).expect(401);
    const first = await request(site.identity.url)
      .put(`/internal/provider-accounts/${providerId}`)
      .set('x-service-token', site.internalApiToken)
      .send(account)
      .expect(201);
    const retry = await request(site.identity.url)
      .put(`/internal/provider-accounts/${providerId}`)
      .set('x-service-token', site.internalApiToken)
      .send(account)
      .expect(200);
    expect((retry.body as { user: { id: string } }).user.id).toBe((first.body as { user: { id: string } }).user.id);
    expect(await countUsers({ email: account.email })).toBe(1);
  });

  it('cannot be used to make a provider login through the public sign-up', async () => {
    const response = await request(site.identity.url)
      .post('/users/signup')
      .send({
        name: 'X',
        email: `x.${Date.now()}@example.com`,
        password: 'secret password',
        role: 'provider',
        contactInfo: { phone: '555-123-4567', specialties: ['Nutrition'] },
      })
      .expect(400);
    expect((response.body as { message: string }).message).toBe('Unknown field: role');
  });
});

describe("the provider's own account", () => {
  it('changes its password at svc-identity', async () => {
    const { token, email, password } = await signUpProvider(site.url);
    await request(site.identity.url)
      .put('/users/me/password')
      .set('Authorization', `Bearer ${token}`)
      .send({ currentPassword: 'wrong one', newPassword: 'a new password' })
      .expect(400, { message: 'Current password is incorrect' });
    await request(site.identity.url)
      .put('/users/me/password')
      .set('Authorization', `Bearer ${token}`)
      .send({ currentPassword: password, newPassword: 'a new password' })
      .expect(200);
    await request(site.identity.url).post('/users/login').send({ email, password }).expect(401);
    await request(site.identity.url).post('/users/login').send({ email, password: 'a new password' }).expect(200);
    await request(site.identity.url).put('/users/me/password').send({ currentPassword: password, newPassword: 'whatever1' }).expect(401);
  });

  it('a member cannot make itself a provider by calling the provider routes', async () => {
    const token = await memberToken(site.identity.url);
    await api().post('/signature').set('Authorization', `Bearer ${token}`).send({ fileName: 'a.jpg', fileType: 'image/jpeg' }).expect(403);
  });
});
