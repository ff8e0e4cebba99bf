import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { loadProvidersConfig } from './config';

it('names the offending variable when the environment is wrong', () => {
  expect(() => loadProvidersConfig({ MONGO_URL: 'mongodb://x', PORT: 'eighty' })).toThrow(/PORT/);
  expect(() => loadProvidersConfig({ MONGO_URL: 'postgres://x' })).toThrow(/MONGO_URL/);
  expect(() => loadProvidersConfig({})).toThrow(/MONGO_URL/);
  expect(() => loadProvidersConfig({ MONGO_URL: 'mongodb://x', AMQP_URL: 'http://rabbit' })).toThrow(/AMQP_URL/);
  expect(loadProvidersConfig({ MONGO_URL: 'mongodb://x' })).toMatchObject({ PORT: 4002, MONGO_DB: 'providers', HOST: '127.0.0.1' });
});

it('stops start-up with a message naming the bad variable', () => {
  const main = path.join(__dirname, 'main.ts');
  const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
    env: { PATH: process.env.PATH, MONGO_URL: 'mongodb://127.0.0.1:1', LOG_LEVEL: 'loud' },
    encoding: 'utf8',
    cwd: path.join(__dirname, '..'),
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/svc-providers failed to start: Invalid configuration:\s+LOG_LEVEL/);
});
