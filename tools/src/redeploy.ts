import fs from 'node:fs';
import path from 'node:path';
import { readPackageJson } from './build';
import { sleep } from './net';
import type { NodeUnitHandle } from './marketplace';

export type { NodeUnitHandle };
import { repoRoot } from './paths';
import { isProcessAlive, runCommand } from './processes';

/** The nine units a team ships on its own: the shell, the three remotes, the gateway and the four services. */
export const deployUnits = [
  'shell',
  'mfe-member',
  'mfe-provider',
  'mfe-admin',
  'gateway',
  'svc-identity',
  'svc-providers',
  'svc-billing',
  'svc-notify',
] as const;
export type DeployUnit = (typeof deployUnits)[number];

const frontEnds = new Set<DeployUnit>(['shell', 'mfe-member', 'mfe-provider', 'mfe-admin']);

export function isDeployUnit(name: string): name is DeployUnit {
  return (deployUnits as readonly string[]).includes(name);
}

/** What a unit host wrote after its last replacement (unit-host/unit-host.mjs). */
interface UnitHostStatus {
  generation: number;
  outcome: 'replaced' | 'failed';
  reason?: string;
  pid: number;
  seconds: number;
}

export interface RedeployReport {
  unit: DeployUnit;
  buildSeconds: number;
  /** From the new build's start to the old one's exit; none for a front end, whose new files are served as they land. */
  replaceSeconds?: number;
  /** A front end's build, as its mf-manifest.json says (buildInfo.buildVersion): the package's version and when it was redeployed. */
  buildVersion?: string;
}

/**
 * Rebuilds a unit as its image does (a service with the two libraries it runs on) and puts it in
 * the running site: a front end's new files are served by the gateway as soon as they are written
 * (the previous build's hashed files stay, see packages/web-build); a Node unit's host starts the
 * new build beside the old one and stops the old one once the new one listens.
 */
export async function redeploy(unit: DeployUnit, nodeUnits: Record<string, NodeUnitHandle>, options: { quiet?: boolean } = {}): Promise<RedeployReport> {
  const handle = nodeUnits[unit];
  if (!frontEnds.has(unit) && (!handle || !isProcessAlive(handle.pid))) throw new Error(`${unit} is not running in this site`);
  const buildStarted = Date.now();
  const workspaces = frontEnds.has(unit) ? [unit] : ['packages/contracts', 'packages/service-kit', unit];
  // Module Federation writes MF_BUILD_VERSION into the manifest: which build a page loaded can be told apart.
  const buildVersion = frontEnds.has(unit)
    ? `${readPackageJson(path.join(repoRoot, unit)).version ?? '0.0.0'}+${new Date().toISOString().replace(/\D/g, '')}`
    : undefined;
  await runCommand('npm', ['run', 'build', ...workspaces.flatMap((workspace) => ['-w', workspace])], {
    cwd: repoRoot,
    quiet: options.quiet,
    env: buildVersion ? { ...process.env, MF_BUILD_VERSION: buildVersion } : process.env,
  });
  const buildSeconds = (Date.now() - buildStarted) / 1000;
  if (buildVersion) return { unit, buildSeconds, buildVersion };
  const status = await replaceNodeUnit(handle!);
  return { unit, buildSeconds, replaceSeconds: status.seconds };
}

/** Asks the unit host to replace its worker with the build on disk, and waits for its report. */
export async function replaceNodeUnit(handle: NodeUnitHandle, timeoutMs = 120_000): Promise<UnitHostStatus> {
  const before = readStatus(handle.statusFile)?.generation ?? 0;
  process.kill(handle.pid, 'SIGHUP');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = readStatus(handle.statusFile);
    if (status && status.generation > before) {
      if (status.outcome === 'failed') throw new Error(status.reason ?? 'the new build did not start');
      return status;
    }
    if (!isProcessAlive(handle.pid)) throw new Error('the unit host exited during the replacement');
    if (Date.now() > deadline) throw new Error(`the unit host did not report within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

function readStatus(statusFile: string): UnitHostStatus | undefined {
  try {
    return JSON.parse(fs.readFileSync(statusFile, 'utf8')) as UnitHostStatus;
  } catch {
    return undefined;
  }
}
