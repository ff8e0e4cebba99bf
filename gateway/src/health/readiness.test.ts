import request from 'supertest';
import { startTestGateway, tempFolder, type TestGateway } from '../test/test-gateway';
import { deadUrl, startUpstream, type TestUpstream } from '../test/upstream';

let upstreams: TestUpstream[];
let site: TestGateway;
const builtSite = () => ({
  SHELL_DIST: tempFolder({ 'index.html': '<!doctype html><title>AltMed</title>' }),
  MEMBER_DIST: tempFolder({ 'mf-manifest.json': '{}' }),
  PROVIDER_DIST: tempFolder({ 'mf-manifest.json': '{}' }),
  ADMIN_DIST: tempFolder({ 'mf-manifest.json': '{}' }),
});

beforeAll(async () => {
  upstreams = await Promise.all(['identity', 'providers', 'billing', 'notify'].map(startUpstream));
  const [identity, providers, billing, notify] = upstreams.map((upstream) => upstream.url);
  site = await startTestGateway({ IDENTITY_URL: identity, PROVIDERS_URL: providers, BILLING_URL: billing, NOTIFY_URL: notify, ...builtSite() });
});

afterAll(async () => {
  await site.stop();
  await Promise.all(upstreams.map((upstream) => upstream.stop()));
});

it('answers /healthz without asking the services', async () => {
  await request(site.url).get('/healthz').expect(200, { status: 'ok' });
});

describe('/readyz, the gateway itself', () => {
  it('is ready when the front-end builds it serves are there', async () => {
    await request(site.url).get('/readyz').expect(200, { status: 'ready' });
  });

  it('stays ready while a service is not ready or not running: only that service’s routes fail', async () => {
    const [identity, providers] = upstreams.map((upstream) => upstream.url);
    const degraded = await startTestGateway({ IDENTITY_URL: identity, PROVIDERS_URL: providers, BILLING_URL: await deadUrl(), ...builtSite() });
    upstreams[1]!.ready = false;
    try {
      await request(degraded.url).get('/readyz').expect(200, { status: 'ready' });
    } finally {
      upstreams[1]!.ready = true;
      await degraded.stop();
    }
  });

  it('is not ready while a front-end build it should serve from disk is missing, and says which', async () => {
    const unbuilt = await startTestGateway({ ...builtSite(), PROVIDER_DIST: tempFolder({}) });
    try {
      await request(unbuilt.url)
        .get('/readyz')
        .expect(503, { status: 'not ready', missing: ['mfe_provider build'] });
    } finally {
      await unbuilt.stop();
    }
  });

  it('does not look for builds it does not serve (shell and remotes deployed on their own)', async () => {
    const shell = upstreams[0]!.url;
    const split = await startTestGateway({
      SHELL_URL: shell,
      REMOTE_MEMBER_ENTRY: 'https://member.altmed.example/mf-manifest.json',
      REMOTE_PROVIDER_ENTRY: 'https://provider.altmed.example/mf-manifest.json',
      REMOTE_ADMIN_ENTRY: 'https://admin.altmed.example/mf-manifest.json',
    });
    try {
      await request(split.url).get('/readyz').expect(200, { status: 'ready' });
    } finally {
      await split.stop();
    }
  });
});

describe('/statusz, every service', () => {
  it('says ready when every service is ready', async () => {
    const response = await request(site.url).get('/statusz').expect(200);
    expect(response.body).toEqual({ status: 'ready', services: { identity: 'ready', providers: 'ready', billing: 'ready', notify: 'ready' } });
  });

  it('answers 200 and names the service that is not ready', async () => {
    upstreams[2]!.ready = false;
    try {
      const response = await request(site.url).get('/statusz').expect(200);
      expect(response.body).toEqual({ status: 'not ready', services: { identity: 'ready', providers: 'ready', billing: 'not ready', notify: 'ready' } });
    } finally {
      upstreams[2]!.ready = true;
    }
  });

  it('reports a service that does not answer as unreachable', async () => {
    const [identity, providers, billing] = upstreams.map((upstream) => upstream.url);
    const partial = await startTestGateway({ IDENTITY_URL: identity, PROVIDERS_URL: providers, BILLING_URL: billing, NOTIFY_URL: await deadUrl() });
    try {
      const response = await request(partial.url).get('/statusz').expect(200);
      expect(response.body).toEqual({ status: 'not ready', services: { identity: 'ready', providers: 'ready', billing: 'ready', notify: 'unreachable' } });
    } finally {
      await partial.stop();
    }
  });
});
