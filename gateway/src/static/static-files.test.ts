import fs from 'node:fs';
import request from 'supertest';
import { startTestGateway, tempFolder, type TestGateway } from '../test/test-gateway';
import { startUpstream, type TestUpstream } from '../test/upstream';

const INDEX = '<!doctype html><title>altmed</title><div id="root"></div>';

describe('with the shell and one remote built', () => {
  let site: TestGateway;
  let folders: string[];

  beforeAll(async () => {
    const shell = tempFolder({ 'index.html': INDEX, 'assets/main.1a2b3c4d.js': 'console.log("shell")', 'favicon.svg': '<svg/>' });
    const member = tempFolder({
      'mf-manifest.json': '{"id":"mfe_member"}',
      'remoteEntry.js': 'var mfe_member;',
      'assets/profile.9f8e7d6c.js': 'export {}',
    });
    folders = [shell, member];
    site = await startTestGateway({ SHELL_DIST: shell, MEMBER_DIST: member });
  });

  afterAll(async () => {
    await site.stop();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const response = await request(site.url).get('/').expect(200);
    expect(response.text).toBe(INDEX);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/provider-profile/abc123', '/admin/promo-codes', '/qualifications'])('answers index.html for the page path %s', async (path) => {
    const response = await request(site.url).get(path).set('accept', 'text/html').expect(200);
    expect(response.text).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const response = await request(site.url).get('/assets/main.1a2b3c4d.js').expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a missing file instead of the page', async () => {
    await request(site.url).get('/assets/missing.0badc0de.js').expect(404);
  });

  it('does not answer the page for other methods', async () => {
    await request(site.url).post('/provider-portal').expect(404);
  });

  it('serves remote files to any origin, the manifest and entry uncached', async () => {
    const manifest = await request(site.url).get('/remotes/member/mf-manifest.json').set('origin', 'https://elsewhere.example').expect(200);
    expect(manifest.body).toEqual({ id: 'mfe_member' });
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(manifest.headers['cache-control']).toBe('no-cache');

    const entry = await request(site.url).get('/remotes/member/remoteEntry.js').expect(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['access-control-allow-origin']).toBe('*');

    const chunk = await request(site.url).get('/remotes/member/assets/profile.9f8e7d6c.js').expect(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 (never the page) under /remotes, also for a remote that is not built', async () => {
    const missing = await request(site.url).get('/remotes/member/nope').expect(404);
    expect(missing.body).toEqual({ message: 'Not found' });
    await request(site.url).get('/remotes/admin/mf-manifest.json').expect(404);
  });
});

it('publishes the remote entries in /remotes.json, uncached', async () => {
  const site = await startTestGateway({ REMOTE_ADMIN_ENTRY: 'https://admin.altmed.example/mf-manifest.json' });
  try {
    const response = await request(site.url).get('/remotes.json').expect(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toEqual({
      remotes: [
        { name: 'mfe_member', entry: '/remotes/member/mf-manifest.json' },
        { name: 'mfe_provider', entry: '/remotes/provider/mf-manifest.json' },
        { name: 'mfe_admin', entry: 'https://admin.altmed.example/mf-manifest.json' },
      ],
    });
  } finally {
    await site.stop();
  }
});

it('tells the pages how to load card entry in /payment-config.json, and that payments are off without a publishable key', async () => {
  const withStripe = await startTestGateway({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123', STRIPE_JS_URL: 'http://127.0.0.1:12111/v3/' });
  const without = await startTestGateway({ STRIPE_PUBLISHABLE_KEY: '' });
  try {
    const response = await request(withStripe.url).get('/payment-config.json').expect(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toEqual({ stripe: { publishableKey: 'pk_test_abc123', scriptUrl: 'http://127.0.0.1:12111/v3/' } });
    await request(without.url).get('/payment-config.json').expect(200, { stripe: null });
  } finally {
    await Promise.all([withStripe.stop(), without.stop()]);
  }
});

it('keeps running without any front-end build and says so at /', async () => {
  const site = await startTestGateway();
  try {
    const response = await request(site.url).get('/').expect(404);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.text).toMatch(/not built/);
    await request(site.url).get('/healthz').expect(200);
  } finally {
    await site.stop();
  }
});

it('takes pages from SHELL_URL when the shell is deployed on its own', async () => {
  const shell: TestUpstream = await startUpstream('shell');
  const site = await startTestGateway({ SHELL_URL: shell.url });
  try {
    const response = await request(site.url).get('/provider-portal').expect(200);
    expect(response.body).toMatchObject({ service: 'shell', url: '/provider-portal' });
  } finally {
    await site.stop();
    await shell.stop();
  }
});
