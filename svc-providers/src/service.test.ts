import path from 'node:path';
import request from 'supertest';
import type { RunningService } from '@altmed/service-kit';
import {
  itRefusesToStartWithABadVariable,
  itServesHealthReadinessAndNotFound,
  itServesItsApiDocument,
  itServesTheRoutesOfTheAccessMap,
  TcpProxy,
  eventually,
  startServiceUnderTest,
  type ServiceUnderTest,
} from '@altmed/local-stack/src/testing';
import { loadProvidersConfig } from './config';
import { startProvidersService } from './service';

const internalApiToken = 'a'.repeat(40);
let providers: ServiceUnderTest<RunningService>;
beforeAll(async () => {
  providers = await startServiceUnderTest({
    databasePrefix: 'providers',
    start: (env) => startProvidersService(loadProvidersConfig(env)),
    env: { INTERNAL_API_TOKEN: internalApiToken },
  });
});
afterAll(() => providers.stop());

itServesHealthReadinessAndNotFound(() => providers.url, '/provider-info/nothing-here/yet');
itRefusesToStartWithABadVariable('svc-providers', path.join(__dirname, 'main.ts'), { INTERNAL_API_TOKEN: internalApiToken });
itServesTheRoutesOfTheAccessMap('providers', () => providers.service.app);
itServesItsApiDocument('providers', () => providers.url);

it('reads its own port and database by default', () => {
  expect(loadProvidersConfig({ MONGO_URL: 'mongodb://x', INTERNAL_API_TOKEN: internalApiToken })).toMatchObject({
    PORT: 4002,
    MONGO_DB: 'providers',
    HOST: '127.0.0.1',
  });
});

it('refuses to start without the service credential it shares with svc-identity', () => {
  expect(() => loadProvidersConfig({ MONGO_URL: 'mongodb://x' })).toThrow(/INTERNAL_API_TOKEN/);
  expect(() => loadProvidersConfig({ MONGO_URL: 'mongodb://x', INTERNAL_API_TOKEN: 'short' })).toThrow(/INTERNAL_API_TOKEN: must be at least 32 characters/);
});

it('answers not ready while its database does not answer a query within a second, and ready once it does again', async () => {
  const database = new URL(process.env.MONGO_URL ?? '');
  const proxy = await new TcpProxy(database.hostname, Number(database.port)).start();
  database.host = `127.0.0.1:${proxy.port}`;
  const stalling = await startServiceUnderTest({
    databasePrefix: 'providers_stall',
    start: (env) => startProvidersService(loadProvidersConfig(env)),
    env: { INTERNAL_API_TOKEN: internalApiToken, MONGO_URL: database.toString() },
  });
  try {
    await request(stalling.url).get('/readyz').expect(200);
    proxy.stall();
    const answer = await request(stalling.url).get('/readyz');
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 'not ready', checks: { database: false } });
    proxy.unstall();
    await eventually(async () => (await request(stalling.url).get('/readyz')).status === 200, 15_000, 'not ready again');
  } finally {
    proxy.unstall();
    await stalling.stop();
    await proxy.stop();
  }
}, 30_000);
