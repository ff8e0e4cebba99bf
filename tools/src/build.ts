import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';
import { runCommand } from './processes';

interface PackageJson {
  name?: string;
  version?: string;
  workspaces?: string[];
  scripts?: Record<string, string>;
}

const notBuildInputs = new Set(['node_modules', 'dist', 'coverage', 'test', 'tests', '__tests__', 'test-results']);
const testFile = /\.(test|spec)\.[cm]?[jt]sx?$/;

export function readPackageJson(dir: string): PackageJson {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** Absolute paths of the root package.json's workspaces that exist on disk, in the order listed there. */
export function workspaceDirs(): string[] {
  return (readPackageJson(repoRoot).workspaces ?? [])
    .map((workspace) => path.join(repoRoot, workspace))
    .filter((dir) => fs.existsSync(path.join(dir, 'package.json')));
}

/** Workspaces with a build script whose dist/ is missing or older than their newest source file. */
export function workspacesNeedingBuild(): string[] {
  return workspaceDirs().filter((dir) => {
    if (!readPackageJson(dir).scripts?.build) return false;
    const builtAt = newestMtime(path.join(dir, 'dist'));
    return builtAt === 0 || newestMtime(dir, notBuildInputs) > builtAt;
  });
}

export async function buildIfStale(log: (message: string) => void): Promise<void> {
  const stale = workspacesNeedingBuild();
  if (stale.length === 0) {
    log('every build is up to date');
    return;
  }
  log(`building (out of date: ${stale.map((dir) => path.relative(repoRoot, dir)).join(', ')})`);
  await runCommand('npm', ['run', 'build'], { cwd: repoRoot });
}

function newestMtime(target: string, skip = new Set<string>()): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return testFile.test(target) ? 0 : stat.mtimeMs;
  return fs
    .readdirSync(target)
    .filter((entry) => !skip.has(entry))
    .reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry), skip)), 0);
}
