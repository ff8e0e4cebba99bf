import request from 'supertest';
import { startTestGateway, tempFolder } from './test/test-gateway';
import { startUpstream } from './test/upstream';

/** `script-src 'self' a b;img-src …` → { 'script-src': ["'self'", 'a', 'b'], … } */
function directivesOf(header: string | undefined): Record<string, string[]> {
  expect(header).toBeDefined();
  return Object.fromEntries(
    header!
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

async function pageHeaders(env: Record<string, string> = {}) {
  const site = await startTestGateway({ SHELL_DIST: tempFolder({ 'index.html': '<!doctype html>' }), ...env });
  try {
    return (await request(site.url).get('/').expect(200)).headers;
  } finally {
    await site.stop();
  }
}

describe('the pages’ Content-Security-Policy', () => {
  it('runs scripts from our own origin only, and never from where uploads are served', async () => {
    const csp = directivesOf((await pageHeaders({ CSP_UPLOAD_ORIGINS: 'https://uploads.altmed.example http://127.0.0.1:4569' }))['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://uploads.altmed.example', 'http://127.0.0.1:4569', 'https://tile.openstreetmap.org']);
    // The browser PUTs uploads to a signed URL there.
    expect(csp['connect-src']).toEqual(["'self'", 'https://uploads.altmed.example', 'http://127.0.0.1:4569']);
    for (const directive of ['script-src', 'style-src', 'frame-src', 'default-src', 'object-src', 'font-src']) {
      expect(csp[directive]?.join(' ')).not.toMatch(/uploads\.altmed\.example|4569/);
    }
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
  });

  it('lets the local s3 server hold images by default, and nothing else', async () => {
    const csp = directivesOf((await pageHeaders())['content-security-policy']);
    expect(csp['img-src']).toContain('http://127.0.0.1:4569');
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('lets the map tiles in as images from OpenStreetMap by default, and not as scripts', async () => {
    const csp = directivesOf((await pageHeaders())['content-security-policy']);
    expect(csp['img-src']).toContain('https://tile.openstreetmap.org');
    expect(csp['script-src']).not.toContain('https://tile.openstreetmap.org');
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it('puts the configured map tile origins into img-src and nowhere else', async () => {
    const csp = directivesOf(
      (await pageHeaders({ CSP_MAP_TILE_ORIGINS: 'https://tiles.maps.example https://b.tiles.maps.example' }))['content-security-policy'],
    );
    expect(csp['img-src']).toEqual(expect.arrayContaining(['https://tiles.maps.example', 'https://b.tiles.maps.example']));
    expect(csp['img-src']).not.toContain('https://tile.openstreetmap.org');
    for (const [directive, sources] of Object.entries(csp)) {
      if (directive !== 'img-src') expect(sources.join(' ')).not.toMatch(/maps\.example/);
    }
  });

  it('adds Stripe.js only when a publishable key is configured', async () => {
    const csp = directivesOf((await pageHeaders({ STRIPE_PUBLISHABLE_KEY: 'pk_test_51abcDEF' }))['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(csp['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(csp['connect-src']).toContain('https://api.stripe.com');
  });

  it('lets the pages load the local Stripe emulator’s script and call it, and frame nothing of it', async () => {
    const csp = directivesOf(
      (await pageHeaders({ STRIPE_PUBLISHABLE_KEY: 'pk_test_altmedLocalEmulator', STRIPE_JS_URL: 'http://127.0.0.1:12111/v3/' }))['content-security-policy'],
    );
    expect(csp['script-src']).toEqual(["'self'", 'http://127.0.0.1:12111']);
    expect(csp['connect-src']).toContain('http://127.0.0.1:12111');
    expect(csp['frame-src']).not.toContain('http://127.0.0.1:12111');
    expect(Object.values(csp).flat().join(' ')).not.toMatch(/stripe\.com/);
  });

  it('lets the shell load remotes from their own origins', async () => {
    const csp = directivesOf((await pageHeaders({ REMOTE_ADMIN_ENTRY: 'https://admin.altmed.example/mf-manifest.json' }))['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://admin.altmed.example']);
    expect(csp['connect-src']).toContain('https://admin.altmed.example');
  });

  it('can be sent report-only', async () => {
    const headers = await pageHeaders({ CSP_MODE: 'report-only' });
    expect(headers['content-security-policy']).toBeUndefined();
    expect(directivesOf(headers['content-security-policy-report-only'])['script-src']).toEqual(["'self'"]);
  });
});

it('sends the other security headers on pages and API answers, and a CSP that allows nothing on API answers, over the service’s own', async () => {
  // The upstream sends helmet's defaults, as every service does (CSP default-src 'self', X-Frame-Options SAMEORIGIN).
  const identity = await startUpstream('identity');
  const site = await startTestGateway({ IDENTITY_URL: identity.url, SHELL_DIST: tempFolder({ 'index.html': '<!doctype html>' }) });
  try {
    const page = await request(site.url).get('/').expect(200);
    const api = await request(site.url).get('/api/users/me').expect(200);
    for (const headers of [page.headers, api.headers]) {
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
      });
      expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
    expect(directivesOf(api.headers['content-security-policy'])).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
  } finally {
    await site.stop();
    await identity.stop();
  }
});

it('keeps a proxied answer to its own policy whatever CSP_MODE says: the service’s CSP never reaches the client', async () => {
  const identity = await startUpstream('identity');
  const shell = await startUpstream('shell');
  const reportOnly = await startTestGateway({ IDENTITY_URL: identity.url, SHELL_URL: shell.url, CSP_MODE: 'report-only' });
  const off = await startTestGateway({ IDENTITY_URL: identity.url, CSP_MODE: 'off' });
  try {
    const api = await request(reportOnly.url).get('/api/users/me').expect(200);
    expect(api.headers['content-security-policy']).toBeUndefined();
    expect(directivesOf(api.headers['content-security-policy-report-only'])).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
    // A page from the shell's own container gets the pages' policy, not the container's.
    const page = await request(reportOnly.url).get('/provider-portal').expect(200);
    expect(page.headers['content-security-policy']).toBeUndefined();
    expect(directivesOf(page.headers['content-security-policy-report-only'])['script-src']).toEqual(["'self'"]);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const none = await request(off.url).get('/api/users/me').expect(200);
    expect(none.headers['content-security-policy']).toBeUndefined();
    expect(none.headers['content-security-policy-report-only']).toBeUndefined();
    expect(none.headers['x-frame-options']).toBe('DENY');
  } finally {
    await reportOnly.stop();
    await off.stop();
    await identity.stop();
    await shell.stop();
  }
});
