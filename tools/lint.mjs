// `npm run lint`: the import graph's rules (dependency-cruiser, `.dependency-cruiser.cjs`) over the
// whole repository, and ESLint over it, one process per workspace (two at a time). The
// type-aware rules hold a TypeScript program per tsconfig, and one process holding all fifteen
// needed an 8 GB heap; one workspace's take 0.7-1.1 GB. Arguments are passed to every ESLint run
// (`npm run lint -- --fix`, `-- --no-cache`), not to dependency-cruiser.
//
// The services read @altmed/contracts and @altmed/service-kit through their built types (dist/), so
// those two are built first when missing or older than their sources: a lint before any build then
// answers what it answers after one. ESLint's cache keys a file on its own content only, not on the
// types it imports, so each cache lives under a fingerprint of those built types and a change to
// them starts a fresh one.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const eslint = path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');
const depcruise = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
const passedOn = process.argv.slice(2);
const HEAP_MB = 3072;
const AT_ONCE = 2;

/** Workspaces whose types others read from their dist/, in build order. */
const typedFromDist = ['packages/contracts', 'packages/service-kit'];

/** Every file under `dir` (skipping tests when asked), depth first. */
function filesUnder(dir, { skipTests = false } = {}) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(file, { skipTests });
    return skipTests && /\.test\.tsx?$/.test(entry.name) ? [] : [file];
  });
}

const newestMtime = (files) => files.reduce((newest, file) => Math.max(newest, fs.statSync(file).mtimeMs), 0);

for (const workspace of typedFromDist) {
  const dist = filesUnder(path.join(root, workspace, 'dist'));
  if (dist.length > 0 && newestMtime(dist) >= newestMtime(filesUnder(path.join(root, workspace, 'src'), { skipTests: true }))) continue;
  console.log(`[lint] building ${workspace} (its types are read from dist/)`);
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const built = spawnSync(process.execPath, [tsc, '-p', path.join(workspace, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const typesFingerprint = createHash('sha256');
for (const workspace of typedFromDist) {
  for (const file of filesUnder(path.join(root, workspace, 'dist'))
    .filter((name) => name.endsWith('.d.ts'))
    .sort()) {
    typesFingerprint.update(path.relative(root, file)).update(fs.readFileSync(file));
  }
}
const cacheRoot = path.join(root, 'node_modules', '.cache', 'eslint');
const cacheDir = path.join(cacheRoot, typesFingerprint.digest('hex').slice(0, 16));
// Caches made against other types are of no further use.
if (fs.existsSync(cacheRoot)) {
  for (const entry of fs.readdirSync(cacheRoot))
    if (path.join(cacheRoot, entry) !== cacheDir) fs.rmSync(path.join(cacheRoot, entry), { recursive: true, force: true });
}

/** ESLint over one workspace, or over everything outside them (`ignores`: the workspaces). */
function eslintRun({ name, targets, ignores }) {
  const cacheLocation = path.join(cacheDir, name.replace(/\W+/g, '_'), '');
  const args = [
    `--max-old-space-size=${HEAP_MB}`,
    eslint,
    ...targets,
    ...ignores.flatMap((pattern) => ['--ignore-pattern', pattern]),
    '--max-warnings',
    '0',
    '--cache',
    '--cache-location',
    cacheLocation,
    ...passedOn,
  ];
  return { name, args };
}

/** The import graph of the whole repository: no circles, and svc-providers' layers (a few seconds). */
const importGraphRun = { name: '(import graph)', args: [depcruise, '--config', '.dependency-cruiser.cjs', '--output-type', 'err', '--no-progress', '.'] };

/** The import graph, each workspace, then everything outside them (root scripts, deploy files). */
const runs = [
  importGraphRun,
  ...workspaces.map((dir) => eslintRun({ name: dir, targets: [dir], ignores: [] })),
  eslintRun({ name: '(outside the workspaces)', targets: ['.'], ignores: workspaces.map((dir) => `${dir}/**`) }),
];

/** Runs one check and shows what it printed (ESLint prints nothing when clean). */
function lint({ name, args }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (output.trim()) process.stdout.write(`[lint] ${name}\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...runs];
let failed = false;
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let run = queue.shift(); run; run = queue.shift()) if (!(await lint(run))) failed = true;
  }),
);
process.exit(failed ? 1 : 0);
