// `npm start`, `npm test` and `npm run bench` land here before anything is installed, so this file uses Node alone:
// it installs the workspaces' dependencies when they are missing or out of date, then runs tools/src/cli.ts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const installMarker = path.join(repoRoot, 'node_modules', '.package-lock.json');

function modifiedAt(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
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

function install() {
  // `npm ci` rejects this lockfile on this registry (other platforms' optional binaries are missing), `npm install` does not.
  console.log('[bootstrap] installing dependencies: npm install --no-audit --no-fund');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[bootstrap] npm install failed');
    process.exit(result.status ?? 1);
  }
  // npm leaves the marker untouched when nothing changed; touch it so an unchanged install is not repeated.
  const now = new Date();
  utimesSync(installMarker, now, now);
}

const command = process.argv[2];
if (!command) {
  console.error('usage: node tools/bootstrap.mjs start|test|stack|bench|redeploy|seed');
  process.exit(2);
}
if (installIsStale()) install();

const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
const child = spawn(tsx, [path.join(repoRoot, 'tools', 'src', 'cli.ts'), ...process.argv.slice(2)], { cwd: repoRoot, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15)));
