import fs from 'node:fs';
import path from 'node:path';
import type { NodeUnitHandle } from './marketplace';
import { defaultDataDir } from './paths';
import { isProcessAlive } from './processes';

const lockFile = path.join(defaultDataDir, 'run.lock');

export interface RunLock {
  pid: number;
  url: string;
  /** Once the site is up: its gateway and services, for `npm run redeploy`. */
  nodeUnits?: Record<string, NodeUnitHandle>;
}

/** The lock of a marketplace that is still running, if any. */
export function liveRunLock(): RunLock | undefined {
  let lock: RunLock;
  try {
    lock = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as RunLock;
  } catch {
    return undefined;
  }
  return isProcessAlive(lock.pid) ? lock : undefined;
}

export function writeRunLock(lock: RunLock): void {
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  fs.writeFileSync(lockFile, `${JSON.stringify(lock)}\n`);
}

export function removeRunLock(): void {
  fs.rmSync(lockFile, { force: true });
}
