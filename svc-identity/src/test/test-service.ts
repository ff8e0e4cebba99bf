import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { AuthResponse } from '@altmed/contracts';
import type { RunningService } from '@altmed/service-kit';
import { startServiceUnderTest, type ServiceUnderTest } from '@altmed/local-stack/src/testing';
import { loadIdentityConfig } from '../config';
import { startIdentityService } from '../service';

export const testPrivateKeyPem = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

export type TestIdentity = ServiceUnderTest<RunningService>;

/** A real svc-identity on a free port with its own database, a fresh signing key and no admin. */
export function startTestIdentity(env: Record<string, string | undefined> = {}): Promise<TestIdentity> {
  return startServiceUnderTest({
    databasePrefix: 'identity',
    start: (serviceEnv) => startIdentityService(loadIdentityConfig(serviceEnv)),
    env: {
      JWT_PRIVATE_KEY: testPrivateKeyPem(),
      JWT_PRIVATE_KEY_FILE: undefined,
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
  });
}

export const validSignup = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: `ada.${randomUUID().slice(0, 8)}@example.com`,
  password: 'correct horse',
  contactInfo: { phone: '555-123-4567', address: '1 Main St', specialties: ['Nutrition', 'Vision'] },
  ...overrides,
});

/** The body of a sign-up or login answer (supertest leaves bodies untyped). */
export const authBody = (response: { body: unknown }) => response.body as AuthResponse;
