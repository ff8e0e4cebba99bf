import request from 'supertest';
import { sampleValue } from '@altmed/local-stack/src/testing';
import { startTestGateway, tempFolder, type TestGateway } from '../test/test-gateway';
import { startUpstream, type TestUpstream } from '../test/upstream';

let providers: TestUpstream;
let site: TestGateway;

beforeAll(async () => {
  providers = await startUpstream('providers');
  const member = tempFolder({ 'mf-manifest.json': '{"id":"mfe_member"}' });
  site = await startTestGateway({ PROVIDERS_URL: providers.url, MEMBER_DIST: member });
});

afterAll(async () => {
  await site.stop();
  await providers.stop();
});

/** The count of requests the gateway's metrics hold for a route pattern and status. */
const requestCount = (text: string, route: string, status: string) => sampleValue(text, 'http_request_duration_seconds_count', { route, status_code: status });

it('counts requests by route pattern on a port of its own, never by raw path, and the site does not serve them', async () => {
  await request(site.url).get('/api/provider-info/5f0c1d2e-private-id').expect(200);
  await request(site.url).get('/api/directory/providers?q=secretword').expect(200);
  await request(site.url).get('/api/directory/providers').expect(200);
  await request(site.url).get('/api/no-such-thing/42').expect(404);
  await request(site.url).get('/remotes/member/mf-manifest.json').expect(200);
  await request(site.url).get('/providers/some-page').expect(404);

  const metrics = await request(`http://127.0.0.1:${site.gateway.metricsPort}`).get('/metrics').expect(200);
  expect(metrics.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(requestCount(metrics.text, '/api/provider-info/:id', '200')).toBe(1);
  expect(requestCount(metrics.text, '/api/directory/providers', '200')).toBe(2);
  expect(requestCount(metrics.text, '/api (no such route)', '404')).toBe(1);
  expect(requestCount(metrics.text, '/remotes/member/*', '200')).toBe(1);
  expect(requestCount(metrics.text, '/* (shell)', '404')).toBe(1);
  expect(metrics.text).not.toMatch(/private-id|secretword|no-such-thing|some-page/);

  const onTheSite = await request(site.url).get('/metrics');
  expect(onTheSite.text).not.toContain('http_request_duration_seconds');
  await request(site.url).get('/api/metrics').expect(404);
});
