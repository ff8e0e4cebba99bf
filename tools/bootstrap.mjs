// `npm start`, `npm test`, `npm run bench` (and the other root commands) land here before anything is
// installed, so this file uses Node alone and runs on whatever Node the machine has (20 included). It:
// 1. gets the project's runtime, Node.js 24, from the npm registry: the package of this platform pinned,
//    with its integrity, in tools/runtime/package-lock.json (`npm ci` there), never from anywhere else;
// 2. installs the workspaces' dependencies with that runtime when they are missing or out of date, so
//    engines are checked against it and native addons are built for it (against its own headers);
// 3. runs tools/src/cli.ts (or a root script) on that runtime, with it first on PATH, so every process
//    the command starts (npm, jest, the services, the seed) runs on it too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runtimeProject = path.join(repoRoot, 'tools', 'runtime');
const installMarker = path.join(repoRoot, 'node_modules', '.package-lock.json');
/** The runtime version the installed dependencies were built with (native addons are per runtime). */
const installedForMarker = path.join(repoRoot, 'node_modules', '.installed-for-node');

function fail(message) {
  console.error(`[bootstrap] ${message}`);
  process.exit(1);
}

function modifiedAt(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function readText(file) {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The version tools/runtime/package-lock.json pins for every platform's package (one version for all). */
function pinnedRuntimeVersion() {
  const { packages } = JSON.parse(readFileSync(path.join(runtimeProject, 'package-lock.json'), 'utf8'));
  const versions = new Set(Object.entries(packages).flatMap(([where, entry]) => (where === '' ? [] : [entry.version])));
  if (versions.size !== 1) fail('tools/runtime/package-lock.json must pin one Node.js version for every platform');
  return [...versions][0];
}

function versionOf(nodeBinary) {
  const result = spawnSync(nodeBinary, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : undefined;
}

/** The Node.js binary every command runs on: the pinned package of this platform, installed when missing. */
function projectRuntime() {
  const version = pinnedRuntimeVersion();
  const platformPackage = path.join(runtimeProject, 'node_modules', `node-${process.platform}-${process.arch}`);
  const binary = path.join(platformPackage, 'bin', 'node');
  if (versionOf(binary) === version) return { binary, headersDir: platformPackage };

  console.log(`[bootstrap] getting Node.js ${version} from the npm registry (npm ci in tools/runtime)`);
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: runtimeProject, stdio: 'inherit' });
  if (result.status !== 0) fail('npm ci in tools/runtime failed');
  if (versionOf(binary) === version) return { binary, headersDir: platformPackage };

  // No package of this platform is pinned (macOS on this registry): a Node.js of the same major version
  // installed by the developer is used instead.
  const major = version.split('.')[0];
  if (process.versions.node.split('.')[0] === major) {
    console.log(`[bootstrap] no node-${process.platform}-${process.arch} package is pinned: using this machine's Node.js ${process.versions.node}`);
    return { binary: process.execPath, headersDir: undefined };
  }
  return fail(
    `Node.js ${major} is needed and the npm registry has no node-${process.platform}-${process.arch}@${version}: install Node.js ${major} and run the command with it`,
  );
}

function workspaceManifests() {
  const { workspaces = [] } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [path.join(repoRoot, pattern, 'package.json')];
    const parent = path.join(repoRoot, pattern.slice(0, -2));
    return existsSync(parent) ? readdirSync(parent).map((name) => path.join(parent, name, 'package.json')) : [];
  });
}

function installIsStale() {
  if (!existsSync(installMarker)) return true;
  const installedAt = modifiedAt(installMarker);
  const manifests = [path.join(repoRoot, 'package.json'), path.join(repoRoot, 'package-lock.json'), ...workspaceManifests()];
  return manifests.some((file) => modifiedAt(file) > installedAt);
}

function runNpm(args, env) {
  console.log(`[bootstrap] npm ${args.join(' ')}`);
  const result = spawnSync('npm', args, { cwd: repoRoot, stdio: 'inherit', env });
  if (result.status !== 0) fail(`npm ${args[0]} failed`);
}

function installDependencies(runtime, env) {
  const runtimeVersion = versionOf(runtime.binary);
  const builtFor = readText(installedForMarker);
  const installedBefore = existsSync(installMarker);
  // `npm ci` rejects this lockfile on this registry (other platforms' optional binaries are missing), `npm install` does not.
  if (installIsStale()) {
    runNpm(['install', '--no-audit', '--no-fund'], env);
    // npm leaves the marker untouched when nothing changed; touch it so an unchanged install is not repeated.
    const now = new Date();
    utimesSync(installMarker, now, now);
  }
  // Dependencies installed by another Node.js (a checkout from before tools/runtime, or an older pin) keep
  // addons built for it: build them again, once.
  if (installedBefore && builtFor !== runtimeVersion) runNpm(['rebuild'], env);
  writeFileSync(installedForMarker, `${runtimeVersion}\n`);

  // npm scripts look for `node` in node_modules/.bin first: a link there makes `npm run …` and
  // `npm test -w <workspace>` in this checkout run on the runtime too, not only the commands started here.
  const link = path.join(repoRoot, 'node_modules', '.bin', 'node');
  if (runtime.binary !== process.execPath && !existsSync(link)) {
    mkdirSync(path.dirname(link), { recursive: true });
    rmSync(link, { force: true });
    symlinkSync(path.relative(path.dirname(link), runtime.binary), link);
  }
}

const [command, ...args] = process.argv.slice(2);
if (!command) fail('usage: node tools/bootstrap.mjs start|test|stack|bench|redeploy|seed|dashboards|lint');

const runtime = projectRuntime();
const env = {
  ...process.env,
  PATH: [path.dirname(runtime.binary), process.env.PATH].join(path.delimiter),
  // node-gyp builds addons against the runtime's own headers (this machine's npm config may name Node 20's).
  ...(runtime.headersDir ? { npm_config_nodedir: runtime.headersDir } : {}),
};
installDependencies(runtime, env);

const entry =
  command === 'lint'
    ? [path.join(repoRoot, 'tools', 'lint.mjs'), ...args]
    : [path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(repoRoot, 'tools', 'src', 'cli.ts'), command, ...args];
const child = spawn(runtime.binary, entry, { cwd: repoRoot, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15)));
