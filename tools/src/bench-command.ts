import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { buildIfStale, readPackageJson, workspaceDirs } from './build';
import { startLocalStack, type LocalStack } from './index';
import { startMarketplace, type Marketplace, type MarketplacePorts } from './marketplace';
import type { JaegerPorts, RunningJaeger } from './monitoring/jaeger';
import type { RunningPrometheus } from './monitoring/prometheus';
import { startSiteJaeger, startSitePrometheus, tracingEnvOf } from './monitoring/site-monitoring';
import { sleep } from './net';
import { benchRedeploys } from './redeploy-bench';
import { heapFiguresOf, idleCpuShare, residentMbOf, scaleSet, seedAtScale, timeCallsAtScale } from './scale-bench';
import { defaultDataDir, logsDirOf, repoRoot } from './paths';
import { dropDatabasesEndingWith } from './test-command';

/** Ports of their own, beside a running site (8080, 400x) and a test run's (18080, 1400x). */
export const benchMarketplacePorts: MarketplacePorts = {
  identity: 34001,
  providers: 34002,
  billing: 34003,
  notify: 34004,
  gateway: 38080,
  gatewayMetrics: 39464,
};
/** The bench's Jaeger and Prometheus, beside a running site's (4318, 16686, 9090) and a test run's. */
const benchJaegerPorts: JaegerPorts = { otlp: 34318, ui: 36686, queryGrpc: 36685, health: 33133 };
const BENCH_PROMETHEUS_PORT = 39090;
const BENCH_DATABASE_SUFFIX = '_bench';
const workspaceBenchTimeoutMs = Number(process.env.BENCH_WORKSPACE_TIMEOUT_MS ?? 300_000);
const signups = Number(process.env.BENCH_SIGNUPS ?? 30);
const signupSpacingMs = Number(process.env.BENCH_SIGNUP_SPACING_MS ?? 200);
/**
 * `BENCH_WORKSPACES=svc-providers,gateway`: only those workspaces' benches; the whole-site
 * measurements run only when named too (`signups`, `redeploys`), or when the variable is unset.
 */
const onlyWorkspaces = process.env.BENCH_WORKSPACES?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const measures = (part: string) => !onlyWorkspaces || onlyWorkspaces.includes(part);
const welcomeTimeoutMs = 60_000;
/** The units with a memory budget at scale (issue 32: svc-providers 400 MB, svc-identity and svc-billing 300 MB each). */
const MEMORY_BUDGET_UNITS = { 'svc-providers': 'providers', 'svc-identity': 'identity', 'svc-billing': 'billing' } as const;
/** How long after the site is ready again its memory is measured: its admin lists read in the background by then. */
const AFTER_START_SETTLE_MS = 20_000;
const log = (message: string) => console.log(`[bench] ${message}`);

/**
 * `npm run bench`: builds if stale, starts the local stack and the whole marketplace on bench ports
 * (databases `*_bench`; a RabbitMQ node, inbox and S3 of its own), runs every workspace's `bench` script, then
 * measures sign-up to welcome email through the gateway and what redeploying each unit under load
 * costs. Prints figures; it asserts nothing.
 */
export async function runBench(): Promise<number> {
  const problems: string[] = [];
  let stack: LocalStack | undefined;
  let marketplace: Marketplace | undefined;
  let jaeger: RunningJaeger | undefined;
  let prometheus: RunningPrometheus | undefined;
  const stopEverything = async () => {
    stopWorkspaceBench();
    await prometheus?.stop();
    await marketplace?.stop();
    await jaeger?.stop();
    await stack?.stop();
  };
  const onSignal = (signal: NodeJS.Signals) => void stopEverything().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal);

  try {
    await buildIfStale(log);
    // Like a test run's: a RabbitMQ node, a mail inbox and an S3 server of its own; MongoDB databases `*_bench`.
    // Jaeger and Prometheus as `npm start` runs them, so what the site costs (idle too) counts them.
    const monitoring = { dataDir: defaultDataDir, logsDir: logsDirOf(defaultDataDir), prefix: 'bench-', log };
    const jaegerStarting = startSiteJaeger(benchJaegerPorts, monitoring);
    stack = await startLocalStack({ handleSignals: false, forTests: true });
    jaeger = await jaegerStarting;
    await dropDatabasesEndingWith(stack.env.MONGO_URL!, BENCH_DATABASE_SUFFIX);
    const siteUrl = `http://127.0.0.1:${benchMarketplacePorts.gateway}`;
    log(`starting the whole system on bench ports (${siteUrl}; app logs in .data/logs/bench-*.log)`);
    const marketplaceOptions = {
      stackEnv: stack.env,
      ports: benchMarketplacePorts,
      siteUrl,
      extraEnv: {
        MONGO_DB_SUFFIX: BENCH_DATABASE_SUFFIX,
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        LOG_LEVEL: 'warn',
        // Spans go to Jaeger as npm start's do, but only production's share of the traces is kept: the calls are timed as in production.
        ...tracingEnvOf(jaeger),
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      },
      echoLogs: false,
      logFilePrefix: 'bench-',
      log,
    };
    marketplace = await startMarketplace(marketplaceOptions);
    void marketplace.appExited.then((description) => problems.push(`during the bench: ${description}`));
    prometheus = await startSitePrometheus(benchMarketplacePorts, BENCH_PROMETHEUS_PORT, monitoring);

    const benchEnv: NodeJS.ProcessEnv = { ...process.env, ...marketplace.env, BENCH_SITE_URL: siteUrl };
    for (const dir of workspaceDirs()) {
      if (!readPackageJson(dir).scripts?.bench) continue;
      const workspace = path.relative(repoRoot, dir);
      if (!measures(workspace)) continue;
      log(`npm run bench -w ${workspace}`);
      const outcome = await runWithTimeout('npm', ['run', '--silent', 'bench', '-w', workspace], benchEnv, workspaceBenchTimeoutMs);
      if (outcome) problems.push(`${workspace} bench ${outcome}`);
    }

    if (measures('signups')) {
      log(`sign-up to welcome email: ${signups} sign-ups through the gateway, one every ${signupSpacingMs} ms`);
      const latencies = await signupToWelcomeEmail(siteUrl, marketplace.env.MAILDEV_API_URL ?? 'http://127.0.0.1:1080');
      console.log(
        `sign-up to welcome email: ${latencies.arrived} of ${signups} arrived; p50 ${latencies.p50} ms, p95 ${latencies.p95} ms, max ${latencies.max} ms`,
      );
      if (latencies.arrived < signups) problems.push(`${signups - latencies.arrived} welcome emails did not arrive within ${welcomeTimeoutMs / 1000} s`);
    }
    if (measures('scale')) {
      const admin = { email: marketplace.env.ADMIN_EMAIL!, password: marketplace.env.ADMIN_PASSWORD! };
      log(`at scale: npm run seed -- --members ${scaleSet.members} --providers ${scaleSet.providers} --reviews ${scaleSet.reviews} into the bench databases`);
      const seedSeconds = await seedAtScale(benchEnv);
      const lines = await timeCallsAtScale(siteUrl, admin);
      const residentOfEach = async (site: Marketplace) => {
        const figures = Object.entries(MEMORY_BUDGET_UNITS).map(async ([unit, port]) => {
          const heap = await heapFiguresOf(benchMarketplacePorts[port]).catch((error: unknown) => `no /metrics: ${(error as Error).message}`);
          return `${unit} ${residentMbOf(site.nodeUnits[unit]!.pid).toFixed(0)} MB (${heap})`;
        });
        return (await Promise.all(figures)).join(', ');
      };
      const residentAfterCalls = await residentOfEach(marketplace);
      // Printed now: a start that fails below must not take the calls' figures with it.
      console.log([`at scale (${scaleSet.members} members, ${scaleSet.providers} providers, ${scaleSet.reviews} reviews), the calls:`, ...lines].join('\n'));
      log(`at scale: the site idle for a while, then started again with the data`);
      const idle = await idleCpuShare();
      const restartedAt = performance.now();
      await marketplace.stop();
      marketplace = await startMarketplace({ ...marketplaceOptions, readyTimeoutMs: 600_000 });
      void marketplace.appExited.then((description) => problems.push(`during the bench: ${description}`));
      const startSeconds = (performance.now() - restartedAt) / 1000;
      // The admin lists are read after their services listen: measured once they have been read.
      await sleep(AFTER_START_SETTLE_MS);
      console.log(
        [
          `at scale (${scaleSet.members} members, ${scaleSet.providers} providers, ${scaleSet.reviews} reviews):`,
          `  seed ${seedSeconds.toFixed(0)} s; idle site ${(idle.total * 100).toFixed(1)} % of one core; start with the data (stop to ready) ${startSeconds.toFixed(0)} s`,
          `  idle, by process: ${idle.byProcess.map(([name, share]) => `${name} ${(share * 100).toFixed(2)} %`).join(', ')}`,
          `  resident memory after the calls: ${residentAfterCalls}`,
          `  resident memory ${AFTER_START_SETTLE_MS / 1000} s after the start: ${await residentOfEach(marketplace)}`,
        ].join('\n'),
      );
    }
    if (measures('redeploys')) {
      log('redeploying each unit in turn under steady traffic on every area (rebuilds all nine: a few minutes)');
      const admin = { email: marketplace.env.ADMIN_EMAIL!, password: marketplace.env.ADMIN_PASSWORD! };
      const lines = await benchRedeploys(siteUrl, marketplace.nodeUnits, admin);
      console.log(['redeploy under load (Node fetch, no retry; goal: 0 failed outside the unit, 0 in it):', ...lines].join('\n'));
    }
  } catch (error) {
    problems.push((error as Error).message);
  } finally {
    await stopEverything();
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
  for (const problem of problems) console.error(`[bench] failed: ${problem}`);
  return problems.length > 0 ? 1 : 0;
}

let stopWorkspaceBench = () => {};

/** Runs a command in a process group of its own with inherited output; answers why it failed, or undefined. */
function runWithTimeout(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: 'inherit', detached: true });
    stopWorkspaceBench = () => {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // the group has just exited
      }
    };
    const timer = setTimeout(() => {
      stopWorkspaceBench();
      resolve(`stopped after ${timeoutMs / 1000} s`);
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve(`could not start: ${error.message}`);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code === 0 ? undefined : `exited with ${signal ?? `code ${code}`}`);
    });
  });
}

interface Latencies {
  arrived: number;
  p50: number;
  p95: number;
  max: number;
}

/** Signs up through the gateway at a steady pace and times each account's welcome email into maildev. */
async function signupToWelcomeEmail(siteUrl: string, maildevUrl: string): Promise<Latencies> {
  const run = randomUUID().slice(0, 8);
  const signedUpAt = new Map<string, number>();
  const arrivedAfter = new Map<string, number>();
  let signingUp = true;

  const watchInbox = (async () => {
    const deadline = () => Date.now() + welcomeTimeoutMs;
    let giveUpAt = deadline();
    while (signingUp || (arrivedAfter.size < signedUpAt.size && Date.now() < giveUpAt)) {
      const response = await fetch(`${maildevUrl}/api/email`).catch(() => undefined);
      const emails = response?.ok ? ((await response.json()) as { to: { address: string }[] }[]) : [];
      const now = performance.now();
      for (const email of emails) {
        for (const { address } of email.to) {
          const sentAt = signedUpAt.get(address.toLowerCase());
          if (sentAt !== undefined && !arrivedAfter.has(address.toLowerCase())) arrivedAfter.set(address.toLowerCase(), now - sentAt);
        }
      }
      if (signingUp) giveUpAt = deadline();
      await sleep(50);
    }
  })();

  try {
    for (let index = 0; index < signups; index += 1) {
      const email = `bench.${run}.${index}@example.com`;
      signedUpAt.set(email, performance.now());
      const response = await fetch(`${siteUrl}/api/users/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Bench Member',
          email,
          password: 'bench password 1',
          contactInfo: { phone: '555-123-4567', address: '1 Main St', specialties: ['Nutrition'] },
        }),
      });
      if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
      await sleep(signupSpacingMs);
    }
  } finally {
    signingUp = false;
    await watchInbox;
  }

  const sorted = [...arrivedAfter.values()].sort((a, b) => a - b);
  const percentile = (p: number) => (sorted.length === 0 ? NaN : Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!));
  return { arrived: sorted.length, p50: percentile(50), p95: percentile(95), max: percentile(100) };
}
