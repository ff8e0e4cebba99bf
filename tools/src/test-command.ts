import fs from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { buildIfStale, workspaceDirs } from './build';
import type { LocalStack } from './index';
import { startMarketplace, testMarketplacePorts, type Marketplace } from './marketplace';
import { startJaeger, testJaegerPorts, type RunningJaeger } from './monitoring/jaeger';
import { defaultDataDir, logsDirOf, repoRoot } from './paths';
import { runCommand } from './processes';
import { startTestStack } from './test-infrastructure';

interface JestTotals {
  passed: number;
  failed: number;
}

const jestBin = path.join(repoRoot, 'node_modules', '.bin', 'jest');
const jestConfigNames = ['jest.config.js', 'jest.config.cjs', 'jest.config.mjs', 'jest.config.ts', 'jest.config.json'];
const e2eDir = path.join(repoRoot, 'e2e');
const log = (message: string) => console.log(`[test] ${message}`);
const E2E_DATABASE_SUFFIX = '_e2e';

/** Every e2e run starts from empty databases of its own, beside the developer's. */
export async function dropDatabasesEndingWith(mongoUrl: string, suffix: string): Promise<void> {
  const connection = await mongoose.createConnection(mongoUrl).asPromise();
  try {
    const { databases } = await connection.db!.admin().listDatabases();
    for (const { name } of databases.filter((database) => database.name.endsWith(suffix))) {
      await connection.useDb(name).dropDatabase();
    }
  } finally {
    await connection.close();
  }
}

/** Builds, runs every workspace's jest project against the local stack, then the e2e journeys against the whole system. */
export async function runTests(): Promise<number> {
  const totals: JestTotals = { passed: 0, failed: 0 };
  const problems: string[] = [];
  let stack: LocalStack | undefined;
  let marketplace: Marketplace | undefined;
  let jaeger: RunningJaeger | undefined;

  const stopEverything = async () => {
    await marketplace?.stop();
    await jaeger?.stop();
    await stack?.stop();
  };
  const onSignal = (signal: NodeJS.Signals) => void stopEverything().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal);

  try {
    await buildIfStale(log);
    // The builds check production code; this also checks the tests, which swc runs unchecked.
    log('type-checking every workspace, tests included');
    await runCommand('npm', ['run', '--silent', 'typecheck'], { cwd: repoRoot }).catch(() => problems.push('typecheck: tsc found errors'));
    log('checking the import graph (dependency-cruiser), linting (ESLint, uncached: type-aware rules read other files) and checking formatting (Prettier)');
    await runCommand('npm', ['run', '--silent', 'lint', '--', '--no-cache'], { cwd: repoRoot }).catch(() =>
      problems.push('lint: dependency-cruiser or ESLint found problems'),
    );
    await runCommand('npm', ['run', '--silent', 'format:check'], { cwd: repoRoot }).catch(() => problems.push('format: Prettier found unformatted files'));
    // Servers of this run's own: a site running beside it (`npm start`) keeps its events, mail and uploads to itself.
    stack = await startTestStack({ handleSignals: false, log });
    const env = { ...process.env, ...stack.env };

    // The local stack's own tests first, alone: they make and delete RabbitMQ vhosts, and RabbitMQ 3.10 can
    // hang a vhost's start (and every new connection with it) while the service tests churn quorum queues.
    const toolsDir = path.join(repoRoot, 'tools');
    addUp(totals, problems, 'local stack tests', await runJest('tools', [toolsDir], ['--maxWorkers=2'], env));
    const unitProjects = workspaceDirs().filter((dir) => dir !== e2eDir && dir !== toolsDir && hasJestConfig(dir));
    log(`jest projects: ${unitProjects.map((dir) => path.relative(repoRoot, dir)).join(', ')}`);
    addUp(totals, problems, 'unit and service tests', await runJest('unit', unitProjects, ['--maxWorkers=2', '--passWithNoTests'], env));

    if (hasJestConfig(e2eDir)) {
      const siteUrl = `http://127.0.0.1:${testMarketplacePorts.gateway}`;
      await dropDatabasesEndingWith(stack.env.MONGO_URL!, E2E_DATABASE_SUFFIX);
      // The journeys follow a sign-up's trace: the site sends its spans to a Jaeger of the run's own.
      jaeger = await startJaeger({
        ports: testJaegerPorts,
        dataDir: path.join(defaultDataDir, 'jaeger-e2e'),
        logFile: path.join(logsDirOf(defaultDataDir), 'e2e-jaeger.log'),
        log,
      });
      log(`starting the whole system on test ports for e2e (${siteUrl}; app logs in .data/logs/e2e-*.log; traces in ${jaeger.url})`);
      marketplace = await startMarketplace({
        stackEnv: stack.env,
        ports: testMarketplacePorts,
        siteUrl,
        // Every journey logs in and signs up from 127.0.0.1: the per-address limit (svc-identity's own tests check it) would refuse the suite itself.
        extraEnv: {
          MONGO_DB_SUFFIX: E2E_DATABASE_SUFFIX,
          AUTH_RATE_LIMIT_PER_MINUTE: '1000',
          OTEL_EXPORTER_OTLP_ENDPOINT: jaeger.otlpEndpoint,
          OTEL_TRACES_SAMPLER: 'parentbased_always_on',
          OTEL_BSP_SCHEDULE_DELAY: '500',
        },
        echoLogs: false,
        logFilePrefix: 'e2e-',
        log,
      });
      void marketplace.appExited.then((description) => log(`during e2e: ${description}`));
      // The redeploy journey replaces units of this site through their unit hosts.
      const e2eEnv = { ...env, ...marketplace.env, MARKETPLACE_NODE_UNITS: JSON.stringify(marketplace.nodeUnits), JAEGER_URL: jaeger.url };
      addUp(totals, problems, 'e2e', await runJest('e2e', [e2eDir], [], e2eEnv));
    } else {
      log('e2e has no jest config yet: skipping the browser journeys');
    }
  } catch (error) {
    problems.push((error as Error).message);
  } finally {
    await stopEverything();
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }

  for (const problem of problems) console.error(`[test] failed: ${problem}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  return problems.length > 0 || totals.failed > 0 ? 1 : 0;
}

function hasJestConfig(dir: string): boolean {
  return jestConfigNames.some((name) => fs.existsSync(path.join(dir, name)));
}

interface JestRun {
  exitCode: number;
  totals?: JestTotals;
}

async function runJest(label: string, projectDirs: string[], extraArgs: string[], env: NodeJS.ProcessEnv): Promise<JestRun> {
  if (projectDirs.length === 0) return { exitCode: 0, totals: { passed: 0, failed: 0 } };
  const resultsFile = path.join(defaultDataDir, 'test-results', `${label}.json`);
  fs.rmSync(resultsFile, { force: true });
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  let exitCode = 0;
  await runCommand(jestBin, ['--projects', ...projectDirs, ...extraArgs, '--json', `--outputFile=${resultsFile}`], { cwd: repoRoot, env }).catch(
    () => (exitCode = 1),
  );
  if (!fs.existsSync(resultsFile)) return { exitCode };
  const results = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { numPassedTests: number; numFailedTests: number; numRuntimeErrorTestSuites: number };
  // A test file that fails to load has no tests of its own: count it as one failure so it is not lost.
  return { exitCode, totals: { passed: results.numPassedTests, failed: results.numFailedTests + results.numRuntimeErrorTestSuites } };
}

function addUp(totals: JestTotals, problems: string[], what: string, run: JestRun): void {
  totals.passed += run.totals?.passed ?? 0;
  totals.failed += run.totals?.failed ?? 0;
  if (run.exitCode !== 0) problems.push(`${what}: jest exited with an error${run.totals ? '' : ' before writing its results'}`);
}
