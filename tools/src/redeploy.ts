import fs from 'node:fs';
import path from 'node:path';
import { readPackageJson } from './build';
import type { NodeUnitHandle } from './marketplace';
import { eventually } from './net';
import { repoRoot } from './paths';
import { isProcessAlive, runCommand } from './processes';

export type { NodeUnitHandle };

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
  const report = await eventually(
    () => {
      const status = readStatus(handle.statusFile);
      if (status && status.generation > before) return status;
      return isProcessAlive(handle.pid) ? undefined : 'host exited';
    },
    timeoutMs,
    `the unit host did not report within ${timeoutMs / 1000} s`,
    200,
  );
  if (report === 'host exited') throw new Error('the unit host exited during the replacement');
  if (report.outcome === 'failed') throw new Error(report.reason ?? 'the new build did not start');
  return report;
}

function readStatus(statusFile: string): UnitHostStatus | undefined {
  try {
    return JSON.parse(fs.readFileSync(statusFile, 'utf8')) as UnitHostStatus;
  } catch {
    return undefined;
  }
}

/** A request of the steady traffic that a redeploy is measured under, and the answer that counts as a success. */
export interface RedeployTrafficCheck {
  area: DeployUnit;
  method: 'GET' | 'POST';
  path: string;
  status: number;
  body?: string;
}

/** Every area of the site, called with an admin's token (the e2e journey and `npm run bench` share it). */
export const redeployTrafficChecks: RedeployTrafficCheck[] = [
  { area: 'svc-identity', method: 'GET', path: '/api/users/me', status: 200 },
  { area: 'svc-providers', method: 'GET', path: '/api/admins/providers?page=1', status: 200 },
  { area: 'svc-providers', method: 'GET', path: '/api/directory/providers', status: 200 },
  { area: 'svc-billing', method: 'GET', path: '/api/promo-codes/list', status: 200 },
  { area: 'svc-billing', method: 'GET', path: '/api/payments/receipts', status: 200 },
  // Checked and refused by svc-notify before anything is sent.
  { area: 'svc-notify', method: 'POST', path: '/api/email/send-subscription-email', status: 400, body: '{}' },
  { area: 'shell', method: 'GET', path: '/providers', status: 200 },
  { area: 'gateway', method: 'GET', path: '/remotes.json', status: 200 },
  { area: 'mfe-member', method: 'GET', path: '/remotes/member/mf-manifest.json', status: 200 },
  { area: 'mfe-member', method: 'GET', path: '/remotes/member/remoteEntry.js', status: 200 },
  { area: 'mfe-provider', method: 'GET', path: '/remotes/provider/mf-manifest.json', status: 200 },
  { area: 'mfe-provider', method: 'GET', path: '/remotes/provider/remoteEntry.js', status: 200 },
  { area: 'mfe-admin', method: 'GET', path: '/remotes/admin/mf-manifest.json', status: 200 },
  { area: 'mfe-admin', method: 'GET', path: '/remotes/admin/remoteEntry.js', status: 200 },
];

/** One request of that traffic: the check's index, when it ended (ms since the epoch), whether it got its answer, and what it got. */
export type RedeployTrafficResult = [check: number, endedAt: number, ok: boolean, detail: string];

export interface RedeploySummary {
  unit: DeployUnit;
  requests: number;
  /** Requests of the unit's own area that failed during its redeploy (goal 0); every request for the gateway, which all go through. */
  failedInUnit: number;
  /** What failed in every other area meanwhile (goal: none). */
  failedElsewhere: string[];
  /** From the unit's first failed request to its next success: the gap its routes had; 0 without failures. */
  gapSeconds: number;
  buildSeconds: number;
  replaceSeconds?: number;
}

export function summarizeRedeploy(unit: DeployUnit, results: RedeployTrafficResult[], deployed: RedeployReport): RedeploySummary {
  const isUnits = ([check]: RedeployTrafficResult) => unit === 'gateway' || redeployTrafficChecks[check]!.area === unit;
  const own = results.filter(isUnits);
  const firstFailure = own.find(([, , ok]) => !ok);
  const recovered = firstFailure && own.find(([, endedAt, ok]) => ok && endedAt > firstFailure[1]);
  return {
    unit,
    requests: results.length,
    failedInUnit: own.filter(([, , ok]) => !ok).length,
    failedElsewhere: results.filter((result) => !isUnits(result) && !result[2]).map(([, , , detail]) => detail),
    gapSeconds: firstFailure ? ((recovered?.[1] ?? Date.now()) - firstFailure[1]) / 1000 : 0,
    buildSeconds: deployed.buildSeconds,
    replaceSeconds: deployed.replaceSeconds,
  };
}

export function describeRedeploy(summary: RedeploySummary): string {
  const swap = summary.replaceSeconds === undefined ? '' : `, swap ${summary.replaceSeconds.toFixed(1)} s`;
  return `${summary.unit.padEnd(14)} ${String(summary.requests).padStart(6)} requests meanwhile; failed: ${summary.failedInUnit} in the unit, ${summary.failedElsewhere.length} elsewhere; gap ${summary.gapSeconds.toFixed(1)} s; build ${summary.buildSeconds.toFixed(1)} s${swap}`;
}
