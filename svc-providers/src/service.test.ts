import request from 'supertest';
import { eventually, startTestProviders, type TestProviders } from './test/test-service';

let providers: TestProviders;

beforeAll(async () => {
  providers = await startTestProviders();
});

afterAll(async () => {
  await providers.stop();
});

it('is alive', async () => {
  await request(providers.url).get('/healthz').expect(200, { status: 'ok' });
});

it('is ready once the database and the broker are reachable', async () => {
  await eventually(async () => (await request(providers.url).get('/readyz')).status === 200);
  const response = await request(providers.url).get('/readyz').expect(200);
  expect(response.body).toEqual({ status: 'ready', checks: { database: true, broker: true } });
});

it('answers 404 { message } for a path it does not have', async () => {
  const response = await request(providers.url).get('/provider-info/nothing-here/yet').expect(404);
  expect(response.body).toEqual({ message: 'Not found' });
  expect(response.headers['x-request-id']).toBeDefined();
});
