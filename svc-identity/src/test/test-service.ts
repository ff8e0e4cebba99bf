import { generateKeyPairSync, randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { loadIdentityConfig } from '../config';
import { startIdentityService, type IdentityService } from '../service';

export const testPrivateKeyPem = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

export interface TestIdentity {
  service: IdentityService;
  url: string;
  database: string;
  stop(options?: { keepDatabase?: boolean }): Promise<void>;
}

/** A real svc-identity on a free port with its own database on the local stack's MongoDB server. */
export async function startTestIdentity(env: Record<string, string> = {}): Promise<TestIdentity> {
  const database = `identity_test_${randomUUID().slice(0, 8)}`;
  const config = loadIdentityConfig({
    ...process.env,
    PORT: '0',
    MONGO_DB: database,
    MONGO_DB_SUFFIX: '',
    LOG_LEVEL: 'silent',
    JWT_PRIVATE_KEY: testPrivateKeyPem(),
    JWT_PRIVATE_KEY_FILE: undefined,
    ADMIN_EMAIL: undefined,
    ADMIN_PASSWORD: undefined,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...env,
  });
  const service = await startIdentityService(config);
  return {
    service,
    database,
    url: `http://127.0.0.1:${service.port}`,
    async stop({ keepDatabase = false } = {}) {
      await new Promise<void>((resolve) => service.server.close(() => resolve()));
      await service.close();
      if (!keepDatabase) await dropDatabase(database);
    },
  };
}

export const validSignup = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: `ada.${randomUUID().slice(0, 8)}@example.com`,
  password: 'correct horse',
  contactInfo: { phone: '555-123-4567', address: '1 Main St', specialties: ['Nutrition', 'Vision'] },
  ...overrides,
});

export async function dropDatabase(database: string): Promise<void> {
  const connection = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: database }).asPromise();
  await connection.dropDatabase();
  await connection.close();
}
