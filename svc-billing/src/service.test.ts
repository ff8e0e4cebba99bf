import path from 'node:path';
import type { RunningService } from '@altmed/service-kit';
import {
  itRefusesToStartWithABadVariable,
  itServesHealthReadinessAndNotFound,
  startServiceUnderTest,
  type ServiceUnderTest,
} from '@altmed/local-stack/src/testing';
import { loadBillingConfig } from './config';
import { startBillingService } from './service';

let billing: ServiceUnderTest<RunningService>;
beforeAll(async () => {
  billing = await startServiceUnderTest({ databasePrefix: 'billing', start: (env) => startBillingService(loadBillingConfig(env)) });
});
afterAll(() => billing.stop());

itServesHealthReadinessAndNotFound(() => billing.url, '/payments/nothing-here/yet');
itRefusesToStartWithABadVariable('svc-billing', path.join(__dirname, 'main.ts'));

it('reads its own port and database by default', () => {
  expect(loadBillingConfig({ MONGO_URL: 'mongodb://x' })).toMatchObject({ PORT: 4003, MONGO_DB: 'billing', HOST: '127.0.0.1' });
});
