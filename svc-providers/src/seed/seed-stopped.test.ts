import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import request from 'supertest';
import type { AdminProvidersResponse } from '@altmed/contracts';
import { eventually, withDatabase } from '@altmed/local-stack/src/testing';
import { adminToken, startTestProviders, type TestProviders } from '../test/test-service';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
/** Two insert batches of providers (2,000 each): the first is written well before the seed ends. */
const SET = { providers: 2_500, reviews: 2_500 };

let site: TestProviders;
beforeAll(async () => {
  site = await startTestProviders();
}, 60_000);
afterAll(() => site.stopAll());

/** `npm run seed` as a person runs it, in a process group of its own; every process of it carries `marker` in its environment. */
function runSeed(marker: string) {
  const args = ['run', '--silent', 'seed', '--', ...Object.entries(SET).flatMap(([name, count]) => [`--${name}`, String(count)])];
  const env = { ...process.env, MONGO_DB: site.database, INTERNAL_API_TOKEN: site.internalApiToken, SEED_TEST_MARKER: marker };
  const seed = spawn('npm', args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  for (const stream of [seed.stdout, seed.stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => (output = (output + chunk).slice(-4_000)));
  return { seed, output: () => output };
}

/** The processes (of this user) whose environment carries `marker`: the seed's, wherever they went. */
function processesMarked(marker: string): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      return fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`SEED_TEST_MARKER=${marker}`) ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

const countOf = (collection: string, filter: Record<string, unknown> = {}) =>
  withDatabase(site.database, (db) => db.collection(collection).countDocuments(filter));

it('leaves no process when its process group is killed mid-way, and a second run completes the set the running instance lists', async () => {
  const marker = `seed-stopped-${process.pid}-${Date.now()}`;
  const first = runSeed(marker);
  await eventually(async () => (await countOf('providers')) > 0 || first.seed.exitCode !== null, 60_000, 'the first run wrote no provider within 60 s', 50);
  expect({ running: first.seed.exitCode === null, output: first.output() }).toMatchObject({ running: true });
  process.kill(-first.seed.pid!, 'SIGTERM');
  const [, signal] = (await once(first.seed, 'exit')) as [number | null, NodeJS.Signals | null];
  expect(signal).toBe('SIGTERM');
  await eventually(() => processesMarked(marker).length === 0, 10_000, `the seed's processes outlived its group: ${processesMarked(marker).join(', ')}`);

  const second = runSeed(marker);
  const [code] = (await once(second.seed, 'exit')) as [number | null];
  expect({ code, output: second.output() }).toMatchObject({ code: 0 });
  expect(processesMarked(marker)).toEqual([]);

  expect(await countOf('providers')).toBe(SET.providers);
  const [{ reviews } = { reviews: 0 }] = await withDatabase(site.database, (db) =>
    db
      .collection('providers')
      .aggregate<{ reviews: number }>([{ $group: { _id: null, reviews: { $sum: '$reviewStats.totalReviews' } } }])
      .toArray(),
  );
  expect(reviews).toBeGreaterThan(0);
  expect(await countOf('reviews')).toBe(reviews);

  // The running instance learnt of both runs' writes from the second run's events, without a restart.
  const token = await adminToken(site.identity.url);
  const listed = async () =>
    ((await request(site.url).get('/admins/providers').set('Authorization', `Bearer ${token}`).expect(200)).body as AdminProvidersResponse).stats.total;
  await eventually(async () => (await listed()) === SET.providers, 30_000, 'the search index did not hold every seeded provider');
}, 180_000);
