/**
 * Throughput of svc-identity with one instance and with two on one database (as `deploy/k8s` runs
 * it): logins (an argon2 check each, its costliest call) and `GET /users/me`, with autocannon,
 * straight at the instances. Logins rotate over one account per connection: one account's attempts
 * are counted before its password is checked (5 at once would be refused with 429, as they should). The second instance is this workspace's build, started with the
 * first one's environment on a port of its own. Last, logins per second per core: the second
 * instance's logins over the CPU time its process spent on them (the hash runs on libuv's threads,
 * so one process may use more than one core). Prints figures; asserts nothing.
 *
 *   npm run bench                      (the whole marketplace: IDENTITY_URL, the stack and the apps' environment)
 *   BENCH_SECONDS=8 BENCH_CONNECTIONS=16
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePorts, httpStatus, spawnLoggedToFile, stopProcess, waitUntil } from '@altmed/local-stack/src/testing';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const identityUrl = process.env.IDENTITY_URL ?? 'http://127.0.0.1:4001';
const admin = { email: process.env.ADMIN_EMAIL ?? 'admin@altmed.local', password: process.env.ADMIN_PASSWORD ?? 'ChangeMe-Admin-2025' };

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** Each request's body in turn. */
  bodies?: string[];
}

/** Requests a second, answered with the expected status, over all instances at once (connections shared out). */
async function benchAccounts(count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const account = { email: `bench.${randomUUID().slice(0, 8)}.${index}@example.com`, password: 'bench-password-2025' };
      const signup = await fetch(`${identityUrl}/users/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...account, name: `Bench Member ${index}`, contactInfo: { phone: '555-123-4567', specialties: ['Nutrition'] } }),
      });
      if (signup.status !== 201) throw new Error(`sign-up at ${identityUrl} answered ${signup.status}`);
      return JSON.stringify(account);
    }),
  );
}

async function throughput(urls: string[], call: Call): Promise<{ perSecond: number; failures: string[] }> {
  let sent = 0;
  const { bodies } = call;
  const runs = await Promise.all(
    urls.map((url) =>
      autocannon({
        url: `${url}${call.path}`,
        method: call.method,
        headers: call.headers,
        ...(bodies ? { requests: [{ setupRequest: (request) => ({ ...request, body: bodies[sent++ % bodies.length] }) }] } : {}),
        connections: Math.max(1, Math.floor(connections / urls.length)),
        duration: seconds,
      }),
    ),
  );
  return {
    perSecond: runs.reduce((sum, run) => sum + run.requests.average, 0),
    failures: runs.flatMap((run) => [
      ...Object.entries(run.statusCodeStats ?? {})
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, { count }]) => `${count} × ${status}`),
      ...(run.timeouts > 0 ? [`${run.timeouts} timed out`] : []),
      ...(run.errors > run.timeouts ? [`${run.errors - run.timeouts} errors`] : []),
    ]),
  };
}

/** CPU seconds (user and system) a process has used, from /proc (Linux; USER_HZ is 100). */
async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const [utime = 0, stime = 0] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return (utime + stime) / 100;
}

async function main(): Promise<void> {
  const login = await fetch(`${identityUrl}/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  if (!login.ok) throw new Error(`login at ${identityUrl} answered ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const calls: Call[] = [
    {
      name: 'POST /users/login',
      method: 'POST',
      path: '/users/login',
      headers: { 'content-type': 'application/json' },
      bodies: await benchAccounts(connections),
    },
    { name: 'GET /users/me', method: 'GET', path: '/users/me', headers: { authorization: `Bearer ${token}` } },
  ];

  const [port] = await freePorts(1);
  const logFile = path.join(os.tmpdir(), `svc-identity-bench-second-${process.pid}.log`);
  const second = spawnLoggedToFile(process.execPath, [path.resolve(__dirname, '../../dist/main.js')], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' },
    logFile,
  });
  try {
    const secondUrl = `http://127.0.0.1:${port}`;
    await waitUntil(`the second instance's /readyz (log: ${logFile})`, async () => (await httpStatus(`${secondUrl}/readyz`)) === 200, 60_000);
    console.log(`svc-identity, one instance and two on one database (${connections} connections, ${seconds} s each):`);
    for (const call of calls) {
      const one = await throughput([identityUrl], call);
      const two = await throughput([identityUrl, secondUrl], call);
      console.log(
        `  ${call.name.padEnd(18)} one: ${one.perSecond.toFixed(0).padStart(6)} req/s   two: ${two.perSecond.toFixed(0).padStart(6)} req/s   (×${(two.perSecond / one.perSecond).toFixed(2)}; failed: ${[...one.failures, ...two.failures].join(', ') || 'none'})`,
      );
    }
    const loginCall = calls[0]!;
    const cpuBefore = await cpuSecondsOf(second.pid!);
    const logins = await throughput([secondUrl], loginCall);
    const cpuSeconds = (await cpuSecondsOf(second.pid!)) - cpuBefore;
    console.log(
      `  logins per second per core: ${((logins.perSecond * seconds) / cpuSeconds).toFixed(0)} (${logins.perSecond.toFixed(0)} req/s on one instance using ${(cpuSeconds / seconds).toFixed(2)} cores; failed: ${logins.failures.join(', ') || 'none'})`,
    );
  } finally {
    await stopProcess(second);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
