import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { runBench } from './bench-command';
import { buildIfStale } from './build';
import { startLocalStack, type LocalStack } from './index';
import { marketplacePortsFromEnv, startMarketplace, type Marketplace } from './marketplace';
import { deployUnits, isDeployUnit, redeploy } from './redeploy';
import { writeDashboards } from './monitoring/dashboards';
import { defaultJaegerPorts, type RunningJaeger } from './monitoring/jaeger';
import type { RunningPrometheus } from './monitoring/prometheus';
import { startSiteJaeger, startSitePrometheus, tracingEnvOf } from './monitoring/site-monitoring';
import { defaultDataDir, logsDirOf, repoRoot } from './paths';
import { liveRunLock, removeRunLock, writeRunLock } from './run-lock';
import { runTests } from './test-command';

const commands: Record<string, () => Promise<number | undefined>> = {
  stack,
  start,
  redeploy: redeployCommand,
  test: runTests,
  bench: runBench,
  seed,
  dashboards,
};

/** `npm run dashboards`: writes each unit's Grafana dashboard into deploy/monitoring/dashboards. */
async function dashboards(): Promise<number> {
  for (const file of writeDashboards()) console.log(`wrote ${path.relative(repoRoot, file)}`);
  return 0;
}

/**
 * `npm run seed -- [--members N] [--providers N] [--reviews N]`: members are svc-identity's
 * (`npm run seed -w svc-identity`) and their payments svc-billing's, providers and their reviews
 * svc-providers' (the demo providers when neither is asked for); each workspace's seed writes its
 * own service's database.
 */
async function seed(): Promise<number> {
  const args = process.argv.slice(3);
  const { values } = parseArgs({ args, options: { members: { type: 'string' }, providers: { type: 'string' }, reviews: { type: 'string' } }, strict: true });
  const runSeed = (workspace: string, seedArgs: string[]) =>
    spawnSync('npm', ['run', '--silent', 'seed', '-w', workspace, '--', ...seedArgs], { cwd: repoRoot, stdio: 'inherit' }).status ?? 1;
  if (values.members !== undefined) {
    for (const workspace of ['svc-identity', 'svc-billing']) {
      const status = runSeed(workspace, ['--members', values.members]);
      if (status !== 0) return status;
    }
    if (values.providers === undefined && values.reviews === undefined) return 0;
  }
  return runSeed('svc-providers', args);
}

/** The developer's own OTEL_* variables (another collector, a sampler) win over the local Jaeger's. */
function pickOtelSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[0].startsWith('OTEL_') && entry[1] !== undefined));
}

async function stack(): Promise<undefined> {
  const localStack = await startLocalStack();
  console.log('The local stack is running. Its environment:');
  for (const [name, value] of Object.entries(localStack.env)) console.log(`  ${name}=${value}`);
  console.log('Press Ctrl-C to stop it.');
  // startLocalStack stops the stack and exits on SIGINT/SIGTERM; until then this keeps the process alive.
  setInterval(() => {}, 1 << 30);
  return undefined;
}

async function start(): Promise<number | undefined> {
  const running = liveRunLock();
  if (running) {
    console.error(`The marketplace is already running (pid ${running.pid}) at ${running.url}`);
    return 1;
  }
  const log = (message: string) => console.log(`[start] ${message}`);
  const ports = marketplacePortsFromEnv(process.env);
  const siteUrl = process.env.SITE_URL ?? `http://127.0.0.1:${ports.gateway}`;
  writeRunLock({ pid: process.pid, url: siteUrl });

  let localStack: LocalStack | undefined;
  let marketplace: Marketplace | undefined;
  let prometheus: RunningPrometheus | undefined;
  let jaeger: RunningJaeger | undefined;
  let shuttingDown = false;
  const shutDown = async (exitCode: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log('stopping');
    await prometheus?.stop();
    await marketplace?.stop();
    await jaeger?.stop();
    await localStack?.stop();
    removeRunLock();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutDown(0)).on('SIGTERM', () => void shutDown(0));

  try {
    await buildIfStale(log);
    const monitoring = { dataDir: defaultDataDir, logsDir: logsDirOf(defaultDataDir), log };
    // Beside the stack's start (its first build takes minutes); the units send their spans to it from their start.
    const jaegerStarting = startSiteJaeger(defaultJaegerPorts, monitoring);
    localStack = await startLocalStack({ handleSignals: false });
    jaeger = await jaegerStarting;
    marketplace = await startMarketplace({
      stackEnv: localStack.env,
      ports,
      siteUrl,
      echoLogs: true,
      log,
      extraEnv: { ...tracingEnvOf(jaeger), ...pickOtelSettings(process.env) },
    });
    writeRunLock({ pid: process.pid, url: siteUrl, nodeUnits: marketplace.nodeUnits });
    prometheus = await startSitePrometheus(ports, Number(process.env.PROMETHEUS_PORT ?? 9090), monitoring);
  } catch (error) {
    console.error(`[start] ${(error as Error).message}`);
    await shutDown(1);
    return 1;
  }

  const stackDefaults = ['MONGO_URL', 'AMQP_URL', 'SMTP_URL', 'S3_ENDPOINT']
    .filter((name) => !process.env[name])
    .map((name) => `${name}=${localStack.env[name]}`);
  console.log(
    [
      '',
      `The marketplace is running at ${marketplace.siteUrl}`,
      `  Mail inbox:   ${localStack.env.MAILDEV_API_URL ?? '(SMTP_URL is set: mail goes to that server)'}`,
      `  Stripe:       ${process.env.STRIPE_SECRET_KEY ? 'the account of STRIPE_SECRET_KEY' : `the local emulator at ${localStack.env.STRIPE_API_URL} (test cards 4242 4242 4242 4242, 4000 0025 0000 3155, 4000 0000 0000 0002, 4000 0000 0000 9995)`}`,
      `  Admin login:  ${marketplace.env.ADMIN_EMAIL} / ${marketplace.env.ADMIN_PASSWORD}`,
      `  Metrics:      gateway http://127.0.0.1:${ports.gatewayMetrics}/metrics; services http://127.0.0.1:{${[ports.identity, ports.providers, ports.billing, ports.notify].join(',')}}/metrics (docs/operations.md)`,
      `  Traces:       ${jaeger ? `Jaeger at ${jaeger.url} (its API: ${jaeger.url}/api/traces?service=gateway; every unit sends spans to ${jaeger.otlpEndpoint})` : 'no trace viewer (Jaeger did not start; see above)'}`,
      `  Prometheus:   ${prometheus ? `${prometheus.url} (every unit scraped, the alert rules of deploy/monitoring loaded)` : 'not running (apt-get install prometheus, or Go to build it)'}`,
      `  Defaults used (set the variable to change one): ${[...marketplace.defaultsUsed, ...stackDefaults].join(', ') || 'none'}`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );

  const exited = await marketplace.appExited;
  if (!shuttingDown) {
    console.error(`[start] ${exited}: shutting everything down`);
    await shutDown(1);
  }
  return undefined;
}

/** `npm run redeploy -- <unit>`: rebuilds one unit and swaps it into the site `npm start` runs. */
async function redeployCommand(): Promise<number> {
  const unit = process.argv[3] ?? '';
  if (!isDeployUnit(unit)) {
    console.error(`usage: npm run redeploy -- <unit>, one of: ${deployUnits.join(', ')}`);
    return 2;
  }
  const running = liveRunLock();
  if (!running?.nodeUnits) {
    console.error('No site is running here: start it with `npm start` (redeploy replaces a unit of that site).');
    return 1;
  }
  console.log(`[redeploy] building ${unit}`);
  try {
    const report = await redeploy(unit, running.nodeUnits);
    const replaced = report.replaceSeconds === undefined ? 'its new files are served now' : `the new build took over in ${report.replaceSeconds.toFixed(1)} s`;
    console.log(`[redeploy] ${unit}: built in ${report.buildSeconds.toFixed(1)} s; ${replaced} (${running.url})`);
    return 0;
  } catch (error) {
    console.error(`[redeploy] ${unit} was not redeployed: ${(error as Error).message}`);
    return 1;
  }
}

async function main(): Promise<void> {
  const name = process.argv[2] ?? '';
  const command = commands[name];
  if (!command) {
    console.error(`usage: cli.ts ${Object.keys(commands).join('|')}`);
    process.exit(2);
  }
  const exitCode = await command();
  if (exitCode !== undefined) process.exit(exitCode);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
