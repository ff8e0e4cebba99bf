import path from 'node:path';
import {
  itRefusesToStartWithABadVariable,
  itServesHealthReadinessAndNotFound,
  itServesItsApiDocument,
  itServesTheRoutesOfTheAccessMap,
} from '@altmed/local-stack/src/testing';
import { startTestNotify, type TestNotify } from './test/test-service';

let notify: TestNotify;
beforeAll(async () => {
  notify = await startTestNotify();
});
afterAll(() => notify.stop());

itServesHealthReadinessAndNotFound(() => notify.url, '/email/nothing-here');
itRefusesToStartWithABadVariable('svc-notify', path.join(__dirname, 'main.ts'), { SMTP_URL: 'smtp://127.0.0.1:1' });
itServesTheRoutesOfTheAccessMap('notify', () => notify.service.app);
itServesItsApiDocument('notify', () => notify.url);
