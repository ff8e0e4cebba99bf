import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startTestGateway, tempFolder, type TestGateway } from '../test/test-gateway';

const CURRENT = '0.1.0+20261126120000000';
let site: TestGateway;

beforeAll(async () => {
  const member = tempFolder({ 'mf-manifest.json': JSON.stringify({ id: 'mfe_member', metaData: { buildInfo: { buildVersion: CURRENT } } }) });
  // Each test's client is its own address, as the ingress in front of the gateway would say.
  site = await startTestGateway({ MEMBER_DIST: member, TRUST_PROXY: 'loopback' });
});

afterAll(async () => {
  await site.stop();
});

const metricsText = async () => (await request(`http://127.0.0.1:${site.gateway.metricsPort}`).get('/metrics').expect(200)).text;
const line = (text: string, start: string) => text.split('\n').find((candidate) => candidate.startsWith(start));
const report = (body: unknown, address = '10.0.0.1') =>
  request(site.url).post('/client-reports').set('x-forwarded-for', address).set('content-type', 'application/json').send(JSON.stringify(body));

it('counts remote load failures by remote and build: the current build by name, any other as "other", none as "unknown"', async () => {
  await report({ reports: [{ kind: 'remote-load-failure', remote: 'mfe_member', buildVersion: CURRENT }] }, '10.1.0.1').expect(204);
  await report({ reports: [{ kind: 'remote-load-failure', remote: 'mfe_member', buildVersion: CURRENT }] }, '10.1.0.2').expect(204);
  await report({ reports: [{ kind: 'remote-load-failure', remote: 'mfe_member', buildVersion: '9.9.9+made-up' }] }, '10.1.0.3').expect(204);
  await report({ reports: [{ kind: 'remote-load-failure', remote: 'mfe_admin' }] }, '10.1.0.4').expect(204);
  const text = await metricsText();
  expect(text).toMatch(new RegExp(`client_remote_load_failures_total\\{[^}]*remote="mfe_member",build_version="${CURRENT.replace('+', '\\+')}"[^}]*\\} 2`));
  expect(text).toMatch(/client_remote_load_failures_total\{[^}]*remote="mfe_member",build_version="other"[^}]*\} 1/);
  expect(text).toMatch(/client_remote_load_failures_total\{[^}]*remote="mfe_admin",build_version="unknown"[^}]*\} 1/);
  // Every remote's series are there from the start, at 0, so the first failure shows as an increase.
  expect(text).toMatch(/client_remote_load_failures_total\{[^}]*remote="mfe_provider",build_version="unknown"[^}]*\} 0/);
  expect(text).not.toContain('made-up');
});

it('counts one failure of a remote per address in ten minutes: one browser retrying cannot raise the alert alone', async () => {
  const failures = () =>
    metricsText().then((text) => Number(/client_remote_load_failures_total\{[^}]*remote="mfe_provider",build_version="unknown"[^}]*\} (\d+)/.exec(text)?.[1]));
  const before = await failures();
  for (let attempt = 0; attempt < 5; attempt += 1) await report({ reports: [{ kind: 'remote-load-failure', remote: 'mfe_provider' }] }, '10.2.0.1').expect(204);
  expect(await failures()).toBe(before + 1);
  await report({ reports: [{ kind: 'remote-load-failure', remote: 'mfe_provider' }] }, '10.2.0.2').expect(204);
  expect(await failures()).toBe(before + 2);
});

it('records web vitals in seconds by name and area, and layout shift as its score', async () => {
  await report({
    reports: [
      { kind: 'web-vital', name: 'LCP', value: 1800, area: 'mfe_member' },
      { kind: 'web-vital', name: 'CLS', value: 0.04, area: 'shell' },
    ],
  }).expect(204);
  const text = await metricsText();
  expect(text).toMatch(/client_web_vital_seconds_sum\{[^}]*name="LCP",area="mfe_member"[^}]*\} 1\.8/);
  expect(text).toMatch(/client_cumulative_layout_shift_sum\{[^}]*area="shell"[^}]*\} 0\.04/);
});

it.each([
  ['an unknown kind', { reports: [{ kind: 'page-view', url: '/account' }] }],
  ['a field the schema does not name (say, a user id)', { reports: [{ kind: 'web-vital', name: 'LCP', value: 1, area: 'shell', userId: 'u1' }] }],
  ['an unknown remote', { reports: [{ kind: 'remote-load-failure', remote: 'mfe_evil' }] }],
  ['a build version that is not one', { reports: [{ kind: 'remote-load-failure', remote: 'mfe_member', buildVersion: 'a b"c' }] }],
  ['no reports', { reports: [] }],
  ['too many reports', { reports: Array.from({ length: 11 }, () => ({ kind: 'remote-load-failure', remote: 'mfe_member' })) }],
])('refuses %s with 400 and counts nothing', async (_case, body) => {
  const before = await metricsText();
  const response = await report(body, '10.0.0.2').expect(400);
  expect(response.body).toEqual({ message: expect.any(String) as unknown });
  const after = await metricsText();
  expect(line(after, 'client_remote_load_failures_total{') === line(before, 'client_remote_load_failures_total{')).toBe(true);
});

it('refuses a body over 4 KB with 413, and a client past 30 requests a minute with 429 and Retry-After', async () => {
  await report({ reports: [{ kind: 'remote-load-failure', remote: 'mfe_member', buildVersion: 'x'.repeat(5000) }] }, '10.0.0.3').expect(413);
  const one = { reports: [{ kind: 'web-vital', name: 'TTFB', value: 120, area: 'shell' }] };
  for (let request = 0; request < 30; request += 1) await report(one, '10.0.0.4').expect(204);
  const refused = await report(one, '10.0.0.4').expect(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  // Refused before its body is read: a malformed one gets 429 too.
  await report({ reports: 'not even a list' }, '10.0.0.4').expect(429);
  // Another address is not held back by the first one's requests.
  await report(one, '10.0.0.5').expect(204);
});

it('names the current build of a remote served from its own origin, as in production, by reading its manifest there', async () => {
  const build = '0.2.0+20261126200000000';
  const origin = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ metaData: { buildInfo: { buildVersion: build } } })),
  );
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const elsewhere = await startTestGateway({
    REMOTE_ADMIN_ENTRY: `http://127.0.0.1:${(origin.address() as AddressInfo).port}/mf-manifest.json`,
    TRUST_PROXY: 'loopback',
  });
  try {
    await request(elsewhere.url)
      .post('/client-reports')
      .set('x-forwarded-for', '10.3.0.1')
      .send({ reports: [{ kind: 'remote-load-failure', remote: 'mfe_admin', buildVersion: build }] })
      .expect(204);
    const text = (await request(`http://127.0.0.1:${elsewhere.gateway.metricsPort}`).get('/metrics').expect(200)).text;
    expect(text).toMatch(new RegExp(`client_remote_load_failures_total\\{[^}]*remote="mfe_admin",build_version="${build.replace('+', '\\+')}"[^}]*\\} 1`));
  } finally {
    await elsewhere.stop();
    await new Promise((resolve) => origin.close(resolve));
  }
});
