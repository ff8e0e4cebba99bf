import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { keepRetiredFilesPlugin, RETIRED_FILES_REGISTER } from '@altmed/web-build';

/**
 * What a tab opened before a front-end redeploy relies on: the previous build's hashed files stay in
 * dist/ for a day after the build that stopped using them (packages/web-build), then go.
 */
let dir: string;
const dist = () => path.join(dir, 'dist');
const hashedFiles = () => fs.readdirSync(dist()).filter((file) => /\.[0-9a-f]{8}\.js$/.test(file));
const register = () => JSON.parse(fs.readFileSync(path.join(dist(), RETIRED_FILES_REGISTER), 'utf8')) as Record<string, number>;

function build(source: string): Promise<void> {
  fs.writeFileSync(path.join(dir, 'index.js'), source);
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './index.js',
    output: { path: dist(), filename: '[name].[contenthash:8].js', clean: true },
    plugins: [keepRetiredFilesPlugin()],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => (error ? reject(error) : stats?.hasErrors() ? reject(new Error(stats.toString())) : resolve()));
    }),
  );
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'retired-files-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

it('keeps the previous build’s hashed files, registered with when they were retired', async () => {
  await build('console.log("first build");');
  const [first] = hashedFiles();
  fs.writeFileSync(path.join(dist(), 'stray.txt'), 'not a build file');

  await build('console.log("second build");');
  const files = hashedFiles();
  expect(files).toHaveLength(2);
  expect(files).toContain(first);
  expect(Object.keys(register())).toEqual([first]);
  // Anything else the previous build left is cleaned as usual.
  expect(fs.existsSync(path.join(dist(), 'stray.txt'))).toBe(false);
}, 60_000);

it('removes a retired file a day after it was retired, and keeps its registration date across builds', async () => {
  await build('console.log("first build");');
  const [first] = hashedFiles();
  await build('console.log("second build");');
  const second = hashedFiles().find((file) => file !== first)!;
  const retiredAt = register()[first!]!;

  await build('console.log("third build");');
  expect(register()[first!]).toBe(retiredAt);
  expect(hashedFiles()).toEqual(expect.arrayContaining([first, second]));

  // A day later: the first build's file goes, the second's (retired by the third build) stays.
  fs.writeFileSync(path.join(dist(), RETIRED_FILES_REGISTER), JSON.stringify({ ...register(), [first!]: Date.now() - 25 * 60 * 60 * 1000 }));
  await build('console.log("fourth build");');
  expect(hashedFiles()).not.toContain(first);
  expect(hashedFiles()).toContain(second);
}, 60_000);

it('keeps the compressed copies of a retired file with it (web-build writes .br and .gz beside each script)', async () => {
  await build('console.log("first build");');
  const [first] = hashedFiles();
  for (const extension of ['.br', '.gz']) fs.writeFileSync(path.join(dist(), `${first}${extension}`), 'compressed copy');

  await build('console.log("second build");');
  expect(fs.existsSync(path.join(dist(), `${first}.br`))).toBe(true);
  expect(fs.existsSync(path.join(dist(), `${first}.gz`))).toBe(true);
  expect(Object.keys(register()).sort()).toEqual([first, `${first}.br`, `${first}.gz`].sort());
}, 60_000);
