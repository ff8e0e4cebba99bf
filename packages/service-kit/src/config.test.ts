import { z } from 'zod';
import { ConfigError, baseServiceEnv, loadConfig } from './config';

const env = { ...baseServiceEnv({ port: 4999, database: 'things' }), EXTRA: z.string().min(3) };

it('reads defaults once and names every offending variable', () => {
  expect(loadConfig(env, { MONGO_URL: 'mongodb://db', EXTRA: 'abc' })).toMatchObject({
    PORT: 4999,
    HOST: '127.0.0.1',
    MONGO_DB: 'things',
    AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'info',
  });
  const attempt = () => loadConfig(env, { MONGO_URL: 'postgres://db', PORT: 'eighty', AMQP_URL: 'http://rabbit', EXTRA: 'ab' });
  expect(attempt).toThrow(ConfigError);
  for (const name of ['MONGO_URL', 'PORT', 'AMQP_URL', 'EXTRA']) expect(attempt).toThrow(name);
  expect(() => loadConfig(env, { EXTRA: 'abc' })).toThrow(/MONGO_URL/);
});

it('reads TRUST_PROXY as express does, and refuses what express cannot use', () => {
  const read = (TRUST_PROXY: string) => loadConfig(env, { MONGO_URL: 'mongodb://db', EXTRA: 'abc', TRUST_PROXY }).TRUST_PROXY;
  expect(read('1')).toBe(1);
  expect(read('true')).toBe(true);
  expect(read('false')).toBe(false);
  expect(read('loopback, uniquelocal')).toBe('loopback, uniquelocal');
  expect(() => read('not-an-address')).toThrow(/TRUST_PROXY/);
});
