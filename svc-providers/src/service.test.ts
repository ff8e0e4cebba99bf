import path from 'node:path';
import type { RunningService } from '@altmed/service-kit';
import {
  itRefusesToStartWithABadVariable,
  itServesHealthReadinessAndNotFound,
  startServiceUnderTest,
  type ServiceUnderTest,
} from '@altmed/local-stack/src/testing';
import { loadProvidersConfig } from './config';
import { startProvidersService } from './service';

let providers: ServiceUnderTest<RunningService>;
beforeAll(async () => {
  providers = await startServiceUnderTest({ databasePrefix: 'providers', start: (env) => startProvidersService(loadProvidersConfig(env)) });
});
afterAll(() => providers.stop());

itServesHealthReadinessAndNotFound(() => providers.url, '/provider-info/nothing-here/yet');
itRefusesToStartWithABadVariable('svc-providers', path.join(__dirname, 'main.ts'));

it('reads its own port and database by default', () => {
  expect(loadProvidersConfig({ MONGO_URL: 'mongodb://x' })).toMatchObject({ PORT: 4002, MONGO_DB: 'providers', HOST: '127.0.0.1' });
});
