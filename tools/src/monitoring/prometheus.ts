import fs from 'node:fs';
import path from 'node:path';
import { ensureGoTool } from '../go-tools';
import { httpStatus, waitUntil } from '../net';
import { describeExit, exitOf, hasExited, spawnLoggedToFile, stopProcess } from '../processes';

/** Debian's package (`apt-get install prometheus`); without it, Prometheus' own module is built (its API, no web UI). */
const DEBIAN_PROMETHEUS = '/usr/bin/prometheus';
export const PROMETHEUS_MODULE = 'github.com/prometheus/prometheus/cmd/prometheus@v0.316.0';

export interface ScrapeTarget {
  /** The unit, as its metrics label it (`gateway`, `svc-identity`…): the scrape job's name. */
  unit: string;
  /** host:port whose /metrics is scraped. */
  address: string;
}

export interface RunningPrometheus {
  url: string;
  stop: () => Promise<void>;
}

async function prometheusBinary(): Promise<string> {
  if (fs.existsSync(DEBIAN_PROMETHEUS)) return DEBIAN_PROMETHEUS;
  return ensureGoTool({ name: 'prometheus', module: PROMETHEUS_MODULE, versionArgs: ['--version'] });
}

/**
 * The scrape configuration: every unit's /metrics every 15 s, the alert rules of deploy/monitoring
 * evaluated as often. Each scrape costs every unit a read of its outbox figures and Prometheus a
 * write; 15 s is four points a minute for windows of 5 minutes and more, and a third of the idle
 * site's scrapes at 5 s.
 */
export function prometheusConfig(targets: ScrapeTarget[], ruleFile: string): string {
  const jobs = targets.map(({ unit, address }) => `  - job_name: ${JSON.stringify(unit)}\n    static_configs:\n      - targets: [${JSON.stringify(address)}]`);
  return [
    'global:',
    '  scrape_interval: 15s',
    '  evaluation_interval: 15s',
    'rule_files:',
    `  - ${JSON.stringify(ruleFile)}`,
    'scrape_configs:',
    ...jobs,
    '',
  ].join('\n');
}

/**
 * Prometheus on 127.0.0.1:`port`, scraping the given units with the production alert rules, its data
 * in `dataDir`. `npm start` runs one beside the site; a test run starts one only when it asks.
 */
export async function startPrometheus(options: {
  targets: ScrapeTarget[];
  port: number;
  dataDir: string;
  logFile: string;
  ruleFile: string;
}): Promise<RunningPrometheus> {
  const binary = await prometheusBinary();
  fs.mkdirSync(options.dataDir, { recursive: true });
  const configFile = path.join(options.dataDir, 'prometheus.yml');
  fs.writeFileSync(configFile, prometheusConfig(options.targets, options.ruleFile));
  const url = `http://127.0.0.1:${options.port}`;
  const { logFile } = options;
  const args = [`--config.file=${configFile}`, `--storage.tsdb.path=${path.join(options.dataDir, 'data')}`, `--web.listen-address=127.0.0.1:${options.port}`];
  const child = spawnLoggedToFile(binary, args, { logFile, env: process.env });
  await waitUntil(
    'Prometheus',
    async () => {
      if (hasExited(child)) throw new Error(`Prometheus ${describeExit(await exitOf(child))}; see ${logFile}`);
      return (await httpStatus(`${url}/-/ready`)) === 200;
    },
    60_000,
  ).catch(async (error: unknown) => {
    await stopProcess(child);
    throw error;
  });
  return { url, stop: () => stopProcess(child) };
}
