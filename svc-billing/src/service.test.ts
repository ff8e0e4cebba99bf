import path from 'node:path';
import type { RunningService } from '@altmed/service-kit';
import {
  itRefusesToStartWithABadVariable,
  itServesHealthReadinessAndNotFound,
  itServesItsApiDocument,
  itServesTheRoutesOfTheAccessMap,
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
itServesTheRoutesOfTheAccessMap('billing', () => billing.service.app);
itServesItsApiDocument('billing', () => billing.url);

const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

it('reads its own port and database by default, and Stripe itself unless STRIPE_API_URL names another server', () => {
  expect(loadBillingConfig({ MONGO_URL: 'mongodb://x', ...stripeEnv })).toMatchObject({ PORT: 4003, MONGO_DB: 'billing', HOST: '127.0.0.1' });
  expect(loadBillingConfig({ MONGO_URL: 'mongodb://x', ...stripeEnv }).STRIPE_API_URL).toBeUndefined();
});

it('refuses to start without Stripe keys, naming them', () => {
  expect(() => loadBillingConfig({ MONGO_URL: 'mongodb://x' })).toThrow(/STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/);
  expect(() => loadBillingConfig({ MONGO_URL: 'mongodb://x', ...stripeEnv, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
});
