import request from 'supertest';
import { Document, Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { oas } from '@stoplight/spectral-rulesets';
import { API_ACCESS, API_SERVICES, openApiPath } from '@altmed/contracts';
import { startTestGateway, type TestGateway } from '../test/test-gateway';
import { deadUrl, startUpstream, type TestUpstream } from '../test/upstream';

interface MergedDocument {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, { tags: string[] }>>;
  components: { securitySchemes: Record<string, unknown> };
  'x-unavailable': string[];
}

/** Spectral's severities by number (DiagnosticSeverity): every one of them fails the test. */
const SEVERITIES = ['error', 'warning', 'info', 'hint'];

let upstreams: TestUpstream[];
let site: TestGateway;

beforeAll(async () => {
  upstreams = await Promise.all(API_SERVICES.map(startUpstream));
  const [identity, providers, billing, notify] = upstreams.map((upstream) => upstream.url);
  site = await startTestGateway({ IDENTITY_URL: identity, PROVIDERS_URL: providers, BILLING_URL: billing, NOTIFY_URL: notify });
});

afterAll(async () => {
  await site.stop();
  await Promise.all(upstreams.map((upstream) => upstream.stop()));
});

const operationsOf = (document: MergedDocument) =>
  Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();

it('shows every route the gateway routes, from the four services’ documents, under /api', async () => {
  const answer = await request(site.url)
    .get('/api/docs')
    .expect(200)
    .expect('content-type', /application\/json/);
  const document = answer.body as MergedDocument;
  expect(document.openapi).toBe('3.1.0');
  expect(document.servers).toEqual([{ url: '/api' }]);
  expect(document.tags.map((tag) => tag.name)).toEqual(API_SERVICES);
  expect(document['x-unavailable']).toEqual([]);
  const routed = API_ACCESS.filter((route) => route.outcomes).map((route) => `${route.method} ${openApiPath(route.path)}`);
  expect(operationsOf(document)).toEqual(routed.sort());
  // Service to service and key discovery stay out of the public document.
  expect(Object.keys(document.paths).some((path) => path.startsWith('/internal') || path.startsWith('/.well-known'))).toBe(false);
  expect(Object.keys(document.components.securitySchemes)).toEqual(['bearer']);
  expect(document.paths['/promo-codes/list']!.get!.tags).toEqual(['billing']);
});

it('names a service that does not answer, and shows the others', async () => {
  const [identity, providers, billing] = upstreams.map((upstream) => upstream.url);
  const degraded = await startTestGateway({ IDENTITY_URL: identity, PROVIDERS_URL: providers, BILLING_URL: billing, NOTIFY_URL: await deadUrl() });
  try {
    const document = (await request(degraded.url).get('/api/docs').expect(200)).body as MergedDocument;
    expect(document['x-unavailable']).toEqual(['notify']);
    expect(operationsOf(document).some((operation) => operation.includes('/email/'))).toBe(false);
    expect(document.paths['/users/me']).toBeDefined();
  } finally {
    await degraded.stop();
  }
});

it('refuses other methods with 405 JSON', async () => {
  const answer = await request(site.url).post('/api/docs').send({}).expect(405);
  expect(answer.body).toEqual({ message: 'Method not allowed' });
});

it('passes Spectral’s OpenAPI rules (spectral:oas) without a finding, for the people who generate clients from it', async () => {
  const answer = await request(site.url).get('/api/docs').expect(200);
  // A resolver with no readers: a $ref outside the document is reported (invalid-ref), never fetched.
  const spectral = new Spectral({ resolver: new Resolver({ resolvers: {} }) });
  // The package's typings widen a rule's `severity` to string, which RulesetDefinition does not take.
  spectral.setRuleset(oas as RulesetDefinition);
  const results = await spectral.run(new Document(answer.text, Json, '/api/docs'));
  const findings = results.map(
    (result) => `${SEVERITIES[result.severity]} ${String(result.code)}: ${result.message} (at ${result.path.join('.') || 'the root'})`,
  );
  expect(findings).toEqual([]);
});
