import path from 'node:path';
import { itRefusesToStartWithABadVariable, itServesHealthReadinessAndNotFound } from '@altmed/local-stack/src/testing';
import { startTestIdentity, type TestIdentity } from './test/test-service';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(() => identity.stop());

itServesHealthReadinessAndNotFound(() => identity.url, '/users/nothing-here');
itRefusesToStartWithABadVariable('svc-identity', path.join(__dirname, 'main.ts'), { JWT_PRIVATE_KEY_FILE: '/nowhere.pem' });
