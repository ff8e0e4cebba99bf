import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { ensureDevInternalApiToken, ensureDevJwtKey } from './dev-keys';
import { httpStatus, isPortOpen, sleep } from './net';
import { defaultDataDir, logsDirOf, repoRoot } from './paths';
import { describeExit, exitOf, spawnWithPrefixedOutput, stopProcess } from './processes';
import { sendStripeWebhooksTo } from './stripe';

export interface MarketplacePorts {
  identity: number;
  providers: number;
  billing: number;
  notify: number;
  gateway: number;
  /** The gateway's `/metrics`, apart from the site (METRICS_PORT). */
  gatewayMetrics: number;
}

interface App {
  name: string;
  port: Exclude<keyof MarketplacePorts, 'gatewayMetrics'>;
  portVariable: string;
  urlVariable?: string;
}

const apps: App[] = [
  { name: 'svc-identity', port: 'identity', portVariable: 'IDENTITY_PORT', urlVariable: 'IDENTITY_URL' },
  { name: 'svc-providers', port: 'providers', portVariable: 'PROVIDERS_PORT', urlVariable: 'PROVIDERS_URL' },
  { name: 'svc-billing', port: 'billing', portVariable: 'BILLING_PORT', urlVariable: 'BILLING_URL' },
  { name: 'svc-notify', port: 'notify', portVariable: 'NOTIFY_PORT', urlVariable: 'NOTIFY_URL' },
  { name: 'gateway', port: 'gateway', portVariable: 'PORT' },
];

export const defaultMarketplacePorts: MarketplacePorts = { identity: 4001, providers: 4002, billing: 4003, notify: 4004, gateway: 8080, gatewayMetrics: 9464 };
export const testMarketplacePorts: MarketplacePorts = {
  identity: 14001,
  providers: 14002,
  billing: 14003,
  notify: 14004,
  gateway: 18080,
  gatewayMetrics: 19464,
};
const devAdmin = { ADMIN_EMAIL: 'admin@altmed.local', ADMIN_PASSWORD: 'ChangeMe-Admin-2025' };
const defaultReadyTimeoutMs = 120_000;
const unitHostScript = path.join(repoRoot, 'tools', 'src', 'unit-host', 'unit-host.mjs');
/** How every Node unit's process runs (V8's flags, glibc's arenas): the file the image reads too; a variable already set wins. */
const nodeUnitSettings = parseEnv(fs.readFileSync(path.join(repoRoot, 'deploy', 'node-unit.env'), 'utf8'));

/**
 * How node runs a unit host for `main`: with deploy/node-unit.env's settings under `env` (a variable
 * already set wins) and its NODE_FLAGS before the host's script, which its workers inherit (node:cluster
 * forks them with the primary's execArgv).
 */
export function unitHostProcess(main: string, env: NodeJS.ProcessEnv): { args: string[]; env: NodeJS.ProcessEnv } {
  const unitEnv: NodeJS.ProcessEnv = { ...nodeUnitSettings, ...env };
  const nodeFlags = (unitEnv.NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  return { args: [...nodeFlags, unitHostScript, main], env: unitEnv };
}

export function marketplacePortsFromEnv(env: NodeJS.ProcessEnv): MarketplacePorts {
  const ports = { ...defaultMarketplacePorts };
  for (const app of apps) {
    const value = Number(env[app.portVariable]);
    if (Number.isInteger(value) && value > 0) ports[app.port] = value;
  }
  const metricsPort = Number(env.METRICS_PORT);
  if (Number.isInteger(metricsPort) && metricsPort > 0) ports.gatewayMetrics = metricsPort;
  return ports;
}

export interface MarketplaceOptions {
  stackEnv: Record<string, string>;
  ports: MarketplacePorts;
  siteUrl: string;
  /** Variables added to every app's environment, e.g. MONGO_DB_SUFFIX. */
  extraEnv?: Record<string, string>;
  /** Echo each app's output as `[name] line`; it always goes to <dataDir>/logs/<logFilePrefix><name>.log. */
  echoLogs: boolean;
  logFilePrefix?: string;
  dataDir?: string;
  log: (message: string) => void;
  /** How long the services may take to be ready (2 minutes unless told: the bench's start with 100,000 records takes longer). */
  readyTimeoutMs?: number;
}

/** A Node unit of a running marketplace: its unit host (a node:cluster primary, see unit-host/unit-host.mjs) and where it reports replacements. */
export interface NodeUnitHandle {
  pid: number;
  statusFile: string;
}

export interface Marketplace {
  siteUrl: string;
  /** The gateway and the services by name, for `npm run redeploy`. */
  nodeUnits: Record<string, NodeUnitHandle>;
  /** What every app was given besides its PORT: the stack's env, the service URLs, SITE_URL, the admin login, the JWT key. */
  env: Record<string, string>;
  /** Settings left unset, each with the default used, e.g. "ADMIN_PASSWORD=ChangeMe-Admin-2025". */
  defaultsUsed: string[];
  /** Resolves with a description when an app exits before stop() is called. */
  appExited: Promise<string>;
  stop: () => Promise<void>;
}

/** Starts the services and the gateway as child processes and waits until the gateway's /statusz says every service is ready. */
export async function startMarketplace(options: MarketplaceOptions): Promise<Marketplace> {
  const dataDir = options.dataDir ?? defaultDataDir;
  const defaultsUsed: string[] = [];
  const setting = (name: string, fallback: () => string): string => {
    const value = process.env[name];
    if (value) return value;
    const chosen = fallback();
    defaultsUsed.push(`${name}=${chosen}`);
    return chosen;
  };

  const env: Record<string, string> = {
    ...options.stackEnv,
    ...Object.fromEntries(apps.flatMap((app) => (app.urlVariable ? [[app.urlVariable, `http://127.0.0.1:${options.ports[app.port]}`]] : []))),
    SITE_URL: options.siteUrl,
    ADMIN_EMAIL: setting('ADMIN_EMAIL', () => devAdmin.ADMIN_EMAIL),
    ADMIN_PASSWORD: setting('ADMIN_PASSWORD', () => devAdmin.ADMIN_PASSWORD),
    ...(process.env.JWT_PRIVATE_KEY ? {} : { JWT_PRIVATE_KEY_FILE: setting('JWT_PRIVATE_KEY_FILE', () => ensureDevJwtKey(dataDir)) }),
    // Not listed among the defaults used: it is a secret, kept in <dataDir>/dev-keys.
    INTERNAL_API_TOKEN: process.env.INTERNAL_API_TOKEN || ensureDevInternalApiToken(dataDir),
    // The pages post uploads to the stack's S3 and show them from there (a test run's is on a port of its own).
    ...(options.stackEnv.S3_ENDPOINT ? { CSP_UPLOAD_ORIGINS: process.env.CSP_UPLOAD_ORIGINS || new URL(options.stackEnv.S3_ENDPOINT).origin } : {}),
    METRICS_PORT: String(options.ports.gatewayMetrics),
    ...options.extraEnv,
  };

  sendStripeWebhooksTo(options.stackEnv, `http://127.0.0.1:${options.ports.billing}/payments/webhook`);

  const gatewayMain = mainFileOf('gateway');
  if (!fs.existsSync(gatewayMain)) throw new Error(`the gateway is not built: ${path.relative(repoRoot, gatewayMain)} is missing`);

  // Something already answering there (a site started by `npm start`, another test run) would pass for ours.
  const taken: string[] = [];
  for (const app of apps) if (await isPortOpen(options.ports[app.port])) taken.push(`${app.portVariable}=${options.ports[app.port]}`);
  if (await isPortOpen(options.ports.gatewayMetrics)) taken.push(`METRICS_PORT=${options.ports.gatewayMetrics}`);
  if (taken.length > 0) throw new Error(`ports in use: ${taken.join(', ')}; stop what listens there or choose other ports`);

  let stopping = false;
  let reportExit: (description: string) => void = () => {};
  const appExited = new Promise<string>((resolve) => (reportExit = resolve));
  const children = new Map<string, ChildProcess>();
  const exitedApps = new Map<string, string>();
  const nodeUnits: Record<string, NodeUnitHandle> = {};
  const statusDir = path.join(dataDir, 'units');
  fs.mkdirSync(statusDir, { recursive: true });

  for (const app of apps) {
    const main = mainFileOf(app.name);
    if (!fs.existsSync(main)) {
      options.log(`${app.name} is not built (${path.relative(repoRoot, main)} is missing): not starting it`);
      continue;
    }
    const statusFile = path.join(statusDir, `${options.logFilePrefix ?? ''}${app.name}.json`);
    fs.rmSync(statusFile, { force: true });
    // Each app runs under a unit host that keeps its port while `npm run redeploy` replaces it.
    const unit = unitHostProcess(main, { ...process.env, ...env, PORT: String(options.ports[app.port]), UNIT_HOST_STATUS_FILE: statusFile });
    const child = spawnWithPrefixedOutput(app.name, process.execPath, unit.args, {
      cwd: path.join(repoRoot, app.name),
      env: unit.env,
      logFile: path.join(logsDirOf(dataDir), `${options.logFilePrefix ?? ''}${app.name}.log`),
      echo: options.echoLogs,
    });
    children.set(app.name, child);
    if (child.pid !== undefined) nodeUnits[app.name] = { pid: child.pid, statusFile };
    void exitOf(child).then((exit) => {
      exitedApps.set(app.name, describeExit(exit));
      if (!stopping) reportExit(`${app.name} ${describeExit(exit)}`);
    });
  }

  const stop = async () => {
    stopping = true;
    await Promise.all([...children.values()].map((child) => stopProcess(child)));
  };

  // The gateway's /readyz is about the gateway alone; /statusz tells when the services are ready too.
  const servicesStatus = `http://127.0.0.1:${options.ports.gateway}/statusz`;
  const readyTimeoutMs = options.readyTimeoutMs ?? defaultReadyTimeoutMs;
  const deadline = Date.now() + readyTimeoutMs;
  while (!(await allServicesReady(servicesStatus))) {
    if (exitedApps.size > 0 || Date.now() > deadline) {
      const reason = exitedApps.size > 0 ? 'an app exited while starting' : `the gateway's /statusz did not say ready within ${readyTimeoutMs / 1000} s`;
      const report = await readinessReport(options.ports, children, exitedApps);
      await stop();
      throw new Error(`the marketplace did not become ready: ${reason}\n${report}`);
    }
    await sleep(500);
  }

  return { siteUrl: options.siteUrl, nodeUnits, env, defaultsUsed, appExited, stop };
}

async function allServicesReady(statusUrl: string): Promise<boolean> {
  try {
    const response = await fetch(statusUrl, { signal: AbortSignal.timeout(5_000) });
    return response.ok && ((await response.json()) as { status?: string }).status === 'ready';
  } catch {
    return false;
  }
}

function mainFileOf(appName: string): string {
  return path.join(repoRoot, appName, 'dist', 'main.js');
}

async function readinessReport(ports: MarketplacePorts, children: Map<string, ChildProcess>, exitedApps: Map<string, string>): Promise<string> {
  const lines = await Promise.all(
    apps.map(async (app) => {
      const url = `http://127.0.0.1:${ports[app.port]}/readyz`;
      if (!children.has(app.name)) return `  ${app.name}: not started (not built)`;
      const exited = exitedApps.get(app.name);
      if (exited) return `  ${app.name}: ${exited}`;
      const status = await httpStatus(url);
      return `  ${app.name}: ${status === 200 ? 'ready' : status === undefined ? `no answer at ${url}` : `${url} answered ${status}`}`;
    }),
  );
  return lines.join('\n');
}
