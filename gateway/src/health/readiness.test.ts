import request from 'supertest';
import { startTestGateway, type TestGateway } from '../test/test-gateway';
import { deadUrl, startUpstream, type TestUpstream } from '../test/upstream';

let upstreams: TestUpstream[];
let site: TestGateway;

beforeAll(async () => {
  upstreams = await Promise.all(['identity', 'providers', 'billing', 'notify'].map(startUpstream));
  const [identity, providers, billing, notify] = upstreams.map((upstream) => upstream.url);
  site = await startTestGateway({ IDENTITY_URL: identity, PROVIDERS_URL: providers, BILLING_URL: billing, NOTIFY_URL: notify });
});

afterAll(async () => {
  await site.stop();
  await Promise.all(upstreams.map((upstream) => upstream.stop()));
});

it('answers /healthz without asking the services', async () => {
  await request(site.url).get('/healthz').expect(200, { status: 'ok' });
});

it('is ready when every service is ready', async () => {
  const response = await request(site.url).get('/readyz').expect(200);
  expect(response.body).toEqual({
    status: 'ready',
    services: { identity: 'ready', providers: 'ready', billing: 'ready', notify: 'ready' },
  });
});

it('is not ready while one service is not ready, and says which', async () => {
  upstreams[2]!.ready = false;
  try {
    const response = await request(site.url).get('/readyz').expect(503);
    expect(response.body).toEqual({
      status: 'not ready',
      services: { identity: 'ready', providers: 'ready', billing: 'not ready', notify: 'ready' },
    });
  } finally {
    upstreams[2]!.ready = true;
  }
});

it('reports a service that does not answer as unreachable', async () => {
  const [identity, providers, billing] = upstreams.map((upstream) => upstream.url);
  const partial = await startTestGateway({ IDENTITY_URL: identity, PROVIDERS_URL: providers, BILLING_URL: billing, NOTIFY_URL: await deadUrl() });
  try {
    const response = await request(partial.url).get('/readyz').expect(503);
    expect((response.body as { services: unknown }).services).toEqual({ identity: 'ready', providers: 'ready', billing: 'ready', notify: 'unreachable' });
  } finally {
    await partial.stop();
  }
});
