/**
 * Requests/s and latency through the built gateway to a trivial upstream, next to the upstream
 * alone. The gateway and the upstream run in their own processes, as in production.
 *
 *   npm run build -w gateway && npm run bench -w gateway
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 npm run bench -w gateway
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const gatewayMain = path.resolve(__dirname, '../dist/main.js');

const upstreamSource = `
  const server = require('node:http').createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  server.keepAliveTimeout = 65000;
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

async function measure(title: string, url: string) {
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    path: title,
    'requests/s (avg)': Math.round(result.requests.average),
    'latency p50 ms': result.latency.p50,
    'latency p99 ms': result.latency.p99,
    'latency max ms': result.latency.max,
    errors: result.errors + result.timeouts,
    'non-2xx': result.non2xx,
  };
}

async function main() {
  if (!fs.existsSync(gatewayMain)) throw new Error('build the gateway first: npm run build -w gateway');
  const children: ChildProcess[] = [];
  try {
    const upstream = spawn(process.execPath, ['-e', upstreamSource], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(upstream);
    const [portLine] = (await once(upstream.stdout, 'data')) as [Buffer];
    const upstreamUrl = `http://127.0.0.1:${portLine.toString().trim()}`;

    const gatewayPort = await freePort();
    const gateway = spawn(process.execPath, [gatewayMain], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PORT: String(gatewayPort), IDENTITY_URL: upstreamUrl, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    });
    children.push(gateway);
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitFor(`${gatewayUrl}/healthz`);

    console.log(`${connections} connections, ${seconds} s per run, on ${os.availableParallelism()} cores\n`);
    const rows = [await measure('upstream alone', `${upstreamUrl}/users/ping`), await measure('through the gateway', `${gatewayUrl}/api/users/ping`)];
    console.table(rows);
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
