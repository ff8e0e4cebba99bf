import request from 'supertest';
import { eventually, startTestBilling, type TestBilling } from './test/test-service';

let billing: TestBilling;

beforeAll(async () => {
  billing = await startTestBilling();
});

afterAll(async () => {
  await billing.stop();
});

it('is alive', async () => {
  await request(billing.url).get('/healthz').expect(200, { status: 'ok' });
});

it('is ready once the database and the broker are reachable', async () => {
  await eventually(async () => (await request(billing.url).get('/readyz')).status === 200);
  const response = await request(billing.url).get('/readyz').expect(200);
  expect(response.body).toEqual({ status: 'ready', checks: { database: true, broker: true } });
});

it('answers 404 { message } for a path it does not have', async () => {
  const response = await request(billing.url).get('/payments/nothing-here/yet').expect(404);
  expect(response.body).toEqual({ message: 'Not found' });
  expect(response.headers['x-request-id']).toBeDefined();
});
