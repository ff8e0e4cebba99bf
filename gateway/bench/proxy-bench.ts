/**
 * What the gateway costs: `GET /users/me` without a token (svc-identity's cheapest answer, a 401, so
 * the hop and the gateway are what is measured) on svc-identity called directly, through a bare
 * node:http keep-alive proxy, through the gateway with its telemetry (metrics, and traces at the
 * default sampling, one in ten, sent over OTLP to a collector that accepts and drops them), the same
 * with every request traced (as `npm start` does), and through the gateway with tracing off
 * (`OTEL_SDK_DISABLED=true`; its metrics cannot be turned off).
 * They are measured in turn, round after round, and the medians printed with the ratios gateway /
 * bare proxy (objectives: at least 0.85 at the default sampling, 0.75 with every request traced).
 * Each server runs in a process of its own, never in the load generator's event loop.
 *
 *   npm run bench -w gateway       starts svc-identity (built: svc-identity/dist/main.js) against the
 *                                  local stack (MONGO_URL, AMQP_URL) and a gateway from this workspace's source
 *   BENCH_SITE_URL=http://127.0.0.1:8080 IDENTITY_URL=http://127.0.0.1:4001 npm run bench -w gateway
 *                                  measures a marketplace that is already running
 *   BENCH_SECONDS=6 BENCH_ROUNDS=3 BENCH_CONNECTIONS=32
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureDevJwtKey } from '@altmed/local-stack/src/testing';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const repoRoot = path.resolve(__dirname, '../..');
const CLOCK_TICKS_PER_SECOND = 100;

/** The baseline: one keep-alive agent, headers and body piped through, nothing else. */
const bareProxySource = `
  const http = require('node:http');
  const target = new URL(process.env.TARGET);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => { res.writeHead(502).end(); });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 65000;
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/** An OTLP/HTTP receiver that accepts every export and keeps nothing: where the gateway's spans go. */
const otlpSinkSource = `
  const http = require('node:http');
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

interface Target {
  name: string;
  url: string;
  /** The process serving it, when this bench started it: its CPU time per request is measured too. */
  pid?: number;
}

interface Run {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  cpuMicrosPerRequest?: number;
}

/** User + system CPU time of a process in µs, from /proc (Linux); undefined elsewhere. */
function cpuMicrosOf(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

const children: ChildProcess[] = [];

function spawnChild(args: string[], env: NodeJS.ProcessEnv, cwd = repoRoot): ChildProcess {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return child;
}

/** Reads a server's log lines and drops them, as a log collector would. */
function drained(child: ChildProcess): ChildProcess {
  child.stdout!.resume();
  return child;
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUntilReady(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within 30 s`);
}

/** svc-identity as a child process on the local stack, configured as tools/src/marketplace.ts does. */
async function startIdentity(): Promise<{ url: string; pid?: number }> {
  const port = await freePort();
  const identity = spawnChild([path.join(repoRoot, 'svc-identity/dist/main.js')], {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    MONGO_URL: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
    MONGO_DB_SUFFIX: '_bench',
    // The gateway's cost is measured, not the service's.
    OTEL_SDK_DISABLED: 'true',
    EVENT_QUEUE_SUFFIX: '.bench',
    ...(process.env.JWT_PRIVATE_KEY ? {} : { JWT_PRIVATE_KEY_FILE: process.env.JWT_PRIVATE_KEY_FILE ?? ensureDevJwtKey(path.join(repoRoot, '.data')) }),
  });
  drained(identity);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(`${url}/readyz`);
  return { url, pid: identity.pid };
}

/** The gateway from this workspace's source, in its own process, in front of `identityUrl`, with `telemetry` (OTEL_*) settings. */
async function startGateway(identityUrl: string, telemetry: Record<string, string>): Promise<{ url: string; pid?: number }> {
  const port = await freePort();
  const gateway = drained(
    spawnChild(
      ['--import', 'tsx', 'src/main.ts'],
      { ...process.env, PORT: String(port), METRICS_PORT: String(await freePort()), IDENTITY_URL: identityUrl, LOG_LEVEL: 'info', ...telemetry },
      path.join(repoRoot, 'gateway'),
    ),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(`${url}/healthz`);
  return { url, pid: gateway.pid };
}

/** A small server of `source` (it prints its port) in a process of its own. */
async function startScript(source: string, env: NodeJS.ProcessEnv = {}): Promise<{ url: string; pid?: number }> {
  const child = spawnChild(['-e', source], { ...process.env, ...env });
  const [portLine] = (await once(child.stdout!, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${portLine.toString().trim()}`, pid: child.pid };
}

/** Every answer is svc-identity's 401 for a call without a token; anything else is a failure. */
const EXPECTED_STATUS = '401';

async function measure(target: Target, duration: number): Promise<Run> {
  const cpuBefore = cpuMicrosOf(target.pid);
  const result = await autocannon({ url: target.url, connections, duration, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  const cpuAfter = cpuMicrosOf(target.pid);
  const unexpected = Object.entries(result.statusCodeStats ?? {}).reduce(
    (sum, [status, { count }]) => sum + (status === EXPECTED_STATUS ? 0 : (count ?? 0)),
    0,
  );
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + unexpected,
    cpuMicrosPerRequest: cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / Math.max(result.requests.total, 1) : undefined,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const siteUrl = process.env.BENCH_SITE_URL;
  const given = Boolean(siteUrl && process.env.IDENTITY_URL);
  const identity = given ? { url: process.env.IDENTITY_URL! } : await startIdentity();
  const identityUrl = identity.url;
  const collector = await startScript(otlpSinkSource);
  const gateway = given ? { url: siteUrl! } : await startGateway(identityUrl, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
  const fullyTracedGateway = await startGateway(identityUrl, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_TRACES_SAMPLER: 'parentbased_always_on' });
  const untracedGateway = await startGateway(identityUrl, { OTEL_SDK_DISABLED: 'true' });
  const bare = await startScript(bareProxySource, { TARGET: identityUrl });

  const targets: Target[] = [
    { name: 'svc-identity directly', url: `${identityUrl}/users/me`, pid: identity.pid },
    { name: 'bare node:http proxy', url: `${bare.url}/users/me`, pid: bare.pid },
    { name: 'gateway', url: `${gateway.url.replace(/\/$/, '')}/api/users/me`, pid: gateway.pid },
    { name: 'gateway, every request traced', url: `${fullyTracedGateway.url}/api/users/me`, pid: fullyTracedGateway.pid },
    { name: 'gateway, tracing off', url: `${untracedGateway.url}/api/users/me`, pid: untracedGateway.pid },
  ];
  console.log(
    `GET /users/me without a token (401), ${connections} connections, ${rounds} rounds of ${seconds} s per path, in turn; ${os.availableParallelism()} cores`,
  );
  for (const target of targets) await measure(target, 1);

  const runs = new Map<string, Run[]>(targets.map(({ name }) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) runs.get(target.name)!.push(await measure(target, seconds));
  }

  const summary = targets.map(({ name }) => {
    const measured = runs.get(name)!;
    return {
      path: name,
      'requests/s (median)': Math.round(median(measured.map((run) => run.requestsPerSecond))),
      'p50 ms': median(measured.map((run) => run.p50)),
      'p99 ms': median(measured.map((run) => run.p99)),
      'each run req/s': measured.map((run) => Math.round(run.requestsPerSecond)).join(' '),
      'CPU µs/request (median)': measured.every((run) => run.cpuMicrosPerRequest !== undefined)
        ? Math.round(median(measured.map((run) => run.cpuMicrosPerRequest!)))
        : '',
      failures: measured.reduce((sum, run) => sum + run.failures, 0),
    };
  });
  console.table(summary);
  const throughput = summary.map((row) => row['requests/s (median)']);
  const cpu = summary.map((row) => row['CPU µs/request (median)']);
  const [direct, bareProxy, throughGateway] = throughput as [number, number, number];
  console.log(
    `bare proxy / direct: ${(bareProxy / direct).toFixed(2)}   gateway / bare proxy: ${(throughGateway / bareProxy).toFixed(2)}   gateway / direct: ${(throughGateway / direct).toFixed(2)}`,
  );
  const against = (index: number) => {
    const cpuRatio = typeof cpu[index] === 'number' && typeof cpu[4] === 'number' ? `, ${(cpu[index] / cpu[4]).toFixed(2)} × the CPU per request` : '';
    return `${(throughput[index]! / throughput[4]!).toFixed(2)} of the throughput${cpuRatio}`;
  };
  console.log(
    `gateway, every request traced / bare proxy: ${(throughput[3]! / bareProxy).toFixed(2)}   gateway, tracing off / bare proxy: ${(throughput[4]! / bareProxy).toFixed(2)}`,
  );
  console.log('objectives: gateway (default sampling) / bare proxy at least 0.85, every request traced / bare proxy at least 0.75');
  console.log(`telemetry on, default sampling / tracing off: ${against(2)}`);
  console.log(`telemetry on, every request traced / tracing off: ${against(3)}`);
  console.log('On a shared machine the requests/s move with the load of others; CPU µs/request (processes this bench started) moves less.');
  if (summary.some((row) => row.failures > 0)) throw new Error('some requests failed: the figures above are not comparable');
}

main()
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
  });
