import { loadIdentityConfig } from './config';

it('names the offending variable when the environment is wrong', () => {
  expect(() => loadIdentityConfig({ MONGO_URL: 'mongodb://x', PORT: 'eighty', JWT_PRIVATE_KEY_FILE: '/k.pem' })).toThrow(/PORT/);
  expect(() => loadIdentityConfig({ MONGO_URL: 'postgres://x', JWT_PRIVATE_KEY_FILE: '/k.pem' })).toThrow(/MONGO_URL/);
  expect(() => loadIdentityConfig({ MONGO_URL: 'mongodb://x' })).toThrow(/JWT_PRIVATE_KEY/);
  expect(() => loadIdentityConfig({ MONGO_URL: 'mongodb://x', JWT_PRIVATE_KEY_FILE: '/k.pem', ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
  expect(loadIdentityConfig({ MONGO_URL: 'mongodb://x', JWT_PRIVATE_KEY_FILE: '/k.pem' })).toMatchObject({ PORT: 4001, MONGO_DB: 'identity' });
});
