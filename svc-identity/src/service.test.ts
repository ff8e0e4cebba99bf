import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  itRefusesToStartWithABadVariable,
  itServesHealthReadinessAndNotFound,
  itServesItsApiDocument,
  itServesTheRoutesOfTheAccessMap,
} from '@altmed/local-stack/src/testing';
import { startTestIdentity, type TestIdentity } from './test/test-service';

let identity: TestIdentity;
beforeAll(async () => {
  // With the service credential, so the internal routes svc-providers calls are mounted too.
  identity = await startTestIdentity({ INTERNAL_API_TOKEN: randomBytes(32).toString('hex') });
});
afterAll(() => identity.stop());

itServesHealthReadinessAndNotFound(() => identity.url, '/users/nothing-here');
itRefusesToStartWithABadVariable('svc-identity', path.join(__dirname, 'main.ts'), { JWT_PRIVATE_KEY_FILE: '/nowhere.pem' });
itServesTheRoutesOfTheAccessMap('identity', () => identity.service.app);
itServesItsApiDocument('identity', () => identity.url);
