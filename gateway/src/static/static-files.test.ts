import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
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

describe('with the compressed copies web-build writes beside the files', () => {
  const script = `console.log(${JSON.stringify('shell '.repeat(400))});`;
  const entry = `var mfe_member = ${JSON.stringify('entry '.repeat(400))};`;
  // The copies' contents differ from a compression of the file on the fly, so a test can tell which one was sent.
  const brotliOf = (text: string) => zlib.brotliCompressSync(`${text}// br`);
  const gzipOf = (text: string) => zlib.gzipSync(`${text}// gz`);
  let site: TestGateway;
  let folders: string[];

  beforeAll(async () => {
    // The shell's build is dist/; a script with copies lies beside it, outside the build.
    const shell = tempFolder({
      'dist/index.html': INDEX,
      'dist/assets/main.1a2b3c4d.js': script,
      'dist/assets/main.1a2b3c4d.js.br': brotliOf(script),
      'dist/assets/main.1a2b3c4d.js.gz': gzipOf(script),
      'dist/assets/only-gzip.1a2b3c4d.js': script,
      'dist/assets/only-gzip.1a2b3c4d.js.gz': gzipOf(script),
      'dist/assets/with space.1a2b3c4d.js': script,
      'dist/assets/with space.1a2b3c4d.js.br': brotliOf(script),
      'dist/.retired-files.json': '{}',
      'dist/.retired-files.json.br': brotliOf('{}'),
      'outside.js': 'secret',
      'outside.js.br': brotliOf('secret'),
    });
    const member = tempFolder({ 'mf-manifest.json': '{"id":"mfe_member"}', 'remoteEntry.js': entry, 'remoteEntry.js.br': brotliOf(entry) });
    folders = [shell, member];
    site = await startTestGateway({ SHELL_DIST: path.join(shell, 'dist'), MEMBER_DIST: member });
  });

  /** A GET with the path sent as written (supertest and URL would resolve the dots first). */
  function rawGet(rawPath: string): Promise<{ status: number; encoding?: string; body: string }> {
    return new Promise((resolve, reject) => {
      const { hostname, port } = new URL(site.url);
      const req = http.get({ hostname, port, path: rawPath, headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks).toString('latin1') }),
        );
      });
      req.on('error', reject);
    });
  }

  afterAll(async () => {
    await site.stop();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('sends the Brotli copy to a browser that accepts it, with the file’s type and caching', async () => {
    const response = await request(site.url).get('/assets/main.1a2b3c4d.js').set('accept-encoding', 'gzip, deflate, br, zstd').expect(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const plain = await request(site.url).get('/assets/main.1a2b3c4d.js').set('accept-encoding', 'identity').expect(200);
    expect(response.headers['content-type']).toBe(plain.headers['content-type']);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(response.text).toBe(`${script}// br`);
  });

  it('sends the gzip copy when Brotli is not accepted, and the file itself when nothing is', async () => {
    const gzip = await request(site.url).get('/assets/main.1a2b3c4d.js').set('accept-encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(`${script}// gz`);

    const plain = await request(site.url).get('/assets/main.1a2b3c4d.js').set('accept-encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await request(site.url).head('/assets/main.1a2b3c4d.js').set('accept-encoding', 'br').expect(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(Number(response.headers['content-length'])).toBe(brotliOf(script).length);
  });

  it('serves a remote’s entry from its copy, uncached and readable from any origin; a file without a copy is compressed on the fly', async () => {
    const response = await request(site.url).get('/remotes/member/remoteEntry.js').set('accept-encoding', 'br').expect(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.text).toBe(`${entry}// br`);

    const gzip = await request(site.url).get('/remotes/member/remoteEntry.js').set('accept-encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(entry);
  });

  it('answers a revalidation from the copy with 304, and a range request with the whole copy', async () => {
    const first = await request(site.url).get('/assets/main.1a2b3c4d.js').set('accept-encoding', 'br').expect(200);
    const revalidated = await request(site.url)
      .get('/assets/main.1a2b3c4d.js')
      .set('accept-encoding', 'br')
      .set('if-none-match', first.headers.etag!)
      .expect(304);
    expect(revalidated.headers.etag).toBe(first.headers.etag);

    const ranged = await request(site.url).get('/assets/main.1a2b3c4d.js').set('accept-encoding', 'br').set('range', 'bytes=100000-').expect(200);
    expect(ranged.headers['content-range']).toBeUndefined();
    expect(ranged.text).toBe(`${script}// br`);
  });

  it('answers a failed precondition as for the file itself, without the copy’s headers', async () => {
    const response = await request(site.url).get('/assets/main.1a2b3c4d.js').set('accept-encoding', 'br').set('if-match', '"not-this-one"');
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.text).not.toContain(script);
  });

  it('sends the gzip copy of a file that has only that one, and finds the copy of a file whose name is escaped', async () => {
    const gzipOnly = await request(site.url).get('/assets/only-gzip.1a2b3c4d.js').set('accept-encoding', 'gzip, br').expect(200);
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gzipOnly.text).toBe(`${script}// gz`);

    const escaped = await request(site.url).get('/assets/with%20space.1a2b3c4d.js').set('accept-encoding', 'br').expect(200);
    expect(escaped.headers['content-encoding']).toBe('br');
    expect(escaped.text).toBe(`${script}// br`);
  });

  it('never sends a dotfile’s copy, nor a file outside the build', async () => {
    await request(site.url).get('/.retired-files.json').set('accept-encoding', 'br').expect(404);
    for (const rawPath of ['/../outside.js', '/assets/../../outside.js', '/assets/..%2f..%2foutside.js', '/%2e%2e/outside.js']) {
      const response = await rawGet(rawPath);
      expect({ rawPath, status: response.status }).toEqual({ rawPath, status: expect.not.stringMatching(/^2/) as unknown });
      expect(response.encoding).toBeUndefined();
      expect(response.body).not.toContain('secret');
    }
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

describe('while a build replaces the files a page loads first', () => {
  // Two builds' versions of each file, of very different lengths: a length from one and bytes from the other cannot pass for either.
  const versions = (name: string) => [`/* ${name}, long build */ ${'x'.repeat(40_000)}`, `/* ${name}, short build */`];
  const files = { 'index.html': versions('index.html'), 'remoteEntry.js': versions('remoteEntry.js'), 'mf-manifest.json': versions('mf-manifest.json') };
  let site: TestGateway;
  let shell: string;
  let member: string;

  beforeAll(async () => {
    shell = tempFolder({ 'index.html': files['index.html'][0]! });
    member = tempFolder({ 'remoteEntry.js': files['remoteEntry.js'][0]!, 'mf-manifest.json': files['mf-manifest.json'][0]! });
    site = await startTestGateway({ SHELL_DIST: shell, MEMBER_DIST: member });
  });

  afterAll(async () => {
    await site.stop();
    for (const folder of [shell, member]) fs.rmSync(folder, { recursive: true, force: true });
  });

  /** As web-build publishes a file whose name has no hash: written beside it under another name, then renamed over it. */
  async function publish(folder: string, file: string, content: string | Buffer): Promise<void> {
    const temporary = path.join(folder, `.${file}.publishing`);
    await fs.promises.writeFile(temporary, content);
    await fs.promises.rename(temporary, path.join(folder, file));
  }

  it('answers each request with one whole version, its Brotli copy included, and never leaves one hanging', async () => {
    const requests = [
      { path: '/', file: 'index.html', encoding: 'identity' },
      { path: '/providers', file: 'index.html', encoding: 'identity' },
      { path: '/remotes/member/remoteEntry.js', file: 'remoteEntry.js', encoding: 'identity' },
      { path: '/remotes/member/remoteEntry.js', file: 'remoteEntry.js', encoding: 'br' },
      { path: '/remotes/member/mf-manifest.json', file: 'mf-manifest.json', encoding: 'br' },
    ] as const;
    let publishing = true;
    const publisher = (async () => {
      for (let round = 0; publishing; round += 1) {
        const version = round % 2;
        const entry = files['remoteEntry.js'][version]!;
        const manifest = files['mf-manifest.json'][version]!;
        await Promise.all([
          publish(shell, 'index.html', files['index.html'][version]!),
          publish(member, 'remoteEntry.js', entry),
          publish(member, 'remoteEntry.js.br', zlib.brotliCompressSync(entry)),
          publish(member, 'mf-manifest.json', manifest),
          publish(member, 'mf-manifest.json.br', zlib.brotliCompressSync(manifest)),
        ]);
      }
    })();
    const answers: string[] = [];
    const wrong: string[] = [];
    // Each path asks at least 200 times and until it has seen both builds (the replacement happened under it).
    const seenBoth = (requestPath: string, encoding: string) => [0, 1].every((version) => answers.includes(`${requestPath} ${encoding} ${version}`));
    await Promise.all(
      requests.map(async ({ path: requestPath, file, encoding }) => {
        for (let asked = 0; asked < 200 || (!seenBoth(requestPath, encoding) && wrong.length === 0); asked += 1) {
          try {
            // fetch decodes the Brotli copy; a body shorter than its Content-Length would wait for the socket's end, so time out.
            const response = await fetch(`${site.url}${requestPath}`, { headers: { 'accept-encoding': encoding }, signal: AbortSignal.timeout(2_000) });
            const body = await response.text();
            const version = files[file].indexOf(body);
            if (response.status !== 200 || version < 0) wrong.push(`${requestPath} (${encoding}): ${response.status}, ${body.length} characters`);
            else answers.push(`${requestPath} ${encoding} ${version}`);
          } catch (error) {
            wrong.push(`${requestPath} (${encoding}): ${String(error)}`);
          }
        }
      }),
    );
    publishing = false;
    await publisher;
    expect(wrong).toEqual([]);
    for (const { path: requestPath, encoding } of requests)
      expect({ requestPath, encoding, seenBoth: seenBoth(requestPath, encoding) }).toEqual({ requestPath, encoding, seenBoth: true });
  }, 60_000);
});
