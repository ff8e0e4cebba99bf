import { randomUUID } from 'node:crypto';
import { samplesOf, waitForEmailsTo } from '@altmed/local-stack/src/testing';
import { url } from '../support/browser';

/** The whole system through the gateway, as a browser's calls reach it. */
const post = (path: string, body: unknown) => fetch(url(path), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

it('is ready, and serves remotes.json and every remote manifest', async () => {
  expect((await fetch(url('/readyz'))).status).toBe(200);
  const { remotes } = (await (await fetch(url('/remotes.json'))).json()) as { remotes: { name: string; entry: string }[] };
  expect(remotes.map((remote) => remote.name).sort()).toEqual(['mfe_admin', 'mfe_member', 'mfe_provider']);
  for (const remote of remotes) {
    const manifest = await fetch(new URL(remote.entry, url('/')));
    expect(manifest.status).toBe(200);
    expect(((await manifest.json()) as { name: string }).name).toBe(remote.name);
  }
});

it('runs every Node unit on the project’s runtime, Node.js 24, and each says so in its /metrics', async () => {
  const metricsUrls = {
    gateway: `http://127.0.0.1:${process.env.METRICS_PORT ?? '9464'}/metrics`,
    ...Object.fromEntries(
      (['IDENTITY_URL', 'PROVIDERS_URL', 'BILLING_URL', 'NOTIFY_URL'] as const).map((variable, index) => [
        variable,
        `${process.env[variable] ?? `http://127.0.0.1:${4001 + index}`}/metrics`,
      ]),
    ),
  };
  for (const [unit, metricsUrl] of Object.entries(metricsUrls)) {
    const answer = await (await fetch(metricsUrl)).text();
    const runtime = samplesOf(answer, 'nodejs_version_info');
    expect({ unit, major: runtime.map((sample) => sample.labels.major) }).toEqual({ unit, major: ['24'] });
  }
});

it('signs a member up through /api/users/signup and delivers one welcome email', async () => {
  const email = `member.${randomUUID().slice(0, 8)}@example.com`;
  const signup = await post('/api/users/signup', {
    name: 'Marie Curie',
    email,
    password: 'radium-88',
    contactInfo: { phone: '555-000-1111', address: '', specialties: ['Longevity Medicine'] },
  });
  expect(signup.status).toBe(201);
  const { user } = (await signup.json()) as { user: { role: string; email: string } };
  expect(user).toMatchObject({ role: 'user', email });

  const [welcome] = await waitForEmailsTo(email, 1, 20_000);
  expect(welcome!.subject).toBe('Welcome to your membership');

  const login = await post('/api/users/login', { email: email.toUpperCase(), password: 'radium-88' });
  expect(login.status).toBe(200);
});

it('answers hostile and bad input with clear 4xx messages', async () => {
  const injected = await post('/api/users/login', { email: { $ne: null }, password: { $ne: null } });
  expect(injected.status).toBe(400);
  expect(await injected.json()).toEqual({ message: 'Email and password are required' });

  const promoted = await post('/api/users/signup', {
    name: 'Eve',
    email: `eve.${randomUUID().slice(0, 8)}@example.com`,
    password: 'password1',
    role: 'admin',
    contactInfo: { phone: '555-000-1111', specialties: ['Vision'] },
  });
  expect(promoted.status).toBe(400);

  const wrong = await post('/api/users/login', { email: 'nobody@example.com', password: 'whatever' });
  expect(wrong.status).toBe(401);
  expect(((await wrong.json()) as { message: string }).message).toContain('Invalid');

  const unknown = await fetch(url('/api/nothing-here'));
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toEqual({ message: 'Not found' });
});
