import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { eventually, sleep } from './net';
import { repoRoot } from './paths';

/** A real business's data (issue 20): members, providers and their reviews. */
export const scaleSet = {
  members: Number(process.env.BENCH_SCALE_MEMBERS ?? 100_000),
  providers: Number(process.env.BENCH_SCALE_PROVIDERS ?? 100_000),
  reviews: Number(process.env.BENCH_SCALE_REVIEWS ?? 200_000),
};
const samples = Number(process.env.BENCH_SCALE_SAMPLES ?? 20);
const concurrency = 16;
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 30);

/**
 * Runs `npm run seed` with the bench's environment and answers how long it took, in seconds. Not
 * spawnSync: the stack's S3 server runs in this process, and the seed uploads its images to it.
 */
export async function seedAtScale(env: NodeJS.ProcessEnv): Promise<number> {
  const startedAt = performance.now();
  const args = ['--members', String(scaleSet.members), '--providers', String(scaleSet.providers), '--reviews', String(scaleSet.reviews)];
  const seed = spawn('node', ['tools/bootstrap.mjs', 'seed', ...args], { cwd: repoRoot, env, stdio: 'inherit' });
  const [code] = (await once(seed, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`npm run seed ${args.join(' ')} exited with ${code}`);
  return (performance.now() - startedAt) / 1000;
}

interface Call {
  name: string;
  method?: 'GET' | 'POST' | 'PUT';
  /** The path, or a function that makes one per call. */
  path: string | (() => string);
  token?: string;
  /** The JSON body, or a function that makes one per call. */
  body?: unknown;
}

/** A browser's: the gateway compresses the larger answers as it would for one, and the client pays for decompressing them. */
const ACCEPTED_ENCODINGS = 'gzip, deflate, br';
const decoders: Record<string, (body: Buffer) => Buffer> = { gzip: zlib.gunzipSync, deflate: zlib.inflateSync, br: zlib.brotliDecompressSync };

/**
 * One request on Node's keep-alive agent. Not `fetch`: the bench's client shares the two cores with
 * the site, so its CPU is part of what a burst waits for, and `fetch` took twice that of `node:http`
 * per call (docs/benchmarks.md, "The CPU of one request").
 */
function send(url: URL, method: string, headers: http.OutgoingHttpHeaders, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method, headers: { 'accept-encoding': ACCEPTED_ENCODINGS, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            const raw = Buffer.concat(chunks);
            const decode = decoders[response.headers['content-encoding'] ?? ''];
            resolve({ status: response.statusCode ?? 0, text: (decode ? decode(raw) : raw).toString('utf8') });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function call(siteUrl: string, { method = 'GET', path: pathOrMaker, token, body: bodyOrMaker }: Call): Promise<unknown> {
  const body: unknown = typeof bodyOrMaker === 'function' ? (bodyOrMaker as () => unknown)() : bodyOrMaker;
  const path = typeof pathOrMaker === 'function' ? pathOrMaker() : pathOrMaker;
  const { status, text } = await send(
    new URL(`${siteUrl}${path}`),
    method,
    { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body ? JSON.stringify(body) : undefined,
  );
  if (status < 200 || status > 299) throw new Error(`${method} ${path} answered ${status}: ${text.slice(0, 200)}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

const login = async (siteUrl: string, email: string, password: string) =>
  ((await call(siteUrl, { name: 'login', method: 'POST', path: '/api/users/login', body: { email, password } })) as { token: string }).token;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timed(siteUrl: string, request: Call): Promise<number> {
  const startedAt = performance.now();
  await call(siteUrl, request);
  return performance.now() - startedAt;
}

/** p50 and p95 of each call: `samples` one at a time, then 16 at once (16 callers, `samples` calls each). */
async function timeCalls(siteUrl: string, calls: Call[]): Promise<string[]> {
  const lines: string[] = [];
  for (const request of calls) {
    const alone: number[] = [];
    for (let sample = 0; sample < samples; sample += 1) alone.push(await timed(siteUrl, request));
    const together: number[] = [];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let sample = 0; sample < samples; sample += 1) together.push(await timed(siteUrl, request));
      }),
    );
    const figures = (ms: number[]) => {
      const sorted = ms.sort((a, b) => a - b);
      return `p50 ${percentile(sorted, 50).toFixed(0).padStart(4)} ms, p95 ${percentile(sorted, 95).toFixed(0).padStart(4)} ms`;
    };
    lines.push(`  ${request.name.padEnd(40)} alone ${figures(alone)}; ${concurrency} at once ${figures(together)}`);
  }
  return lines;
}

/** Each process's parent, from /proc. */
function parentsOfAll(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process has just exited
    }
  }
  return parents;
}

/** Every process under `root` (the bench's local stack and units), from /proc. */
function descendantsOf(root: number, parents = parentsOfAll()): number[] {
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const [child, parent] of parents) {
      if (parent !== pid) continue;
      found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

/**
 * CPU seconds (user and system) each process has used so far, with those of its children that
 * have ended (a shell's `sleep`, say); one that has exited is left out.
 */
function cpuSecondsOf(pids: number[]): Map<number, number> {
  const ticksPerSecond = 100;
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / ticksPerSecond);
    } catch {
      // the process has just exited
    }
  }
  return seconds;
}

function commandLineOf(pid: number): string[] {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * What a part of the site is, for the idle figures: the unit its processes run (`svc-providers`),
 * `rabbitmq` for an Erlang node with its helpers, or else its first process's program (`ferretdb`,
 * `prometheus`, `jaeger`) or Node script (`maildev.js`).
 */
function partName(pids: number[]): string {
  const commandLines = pids.map(commandLineOf);
  const unit = commandLines
    .flat()
    .map((arg) => /\/(gateway|svc-[a-z]+)\/dist\/main\.js$/.exec(arg)?.[1])
    .find(Boolean);
  if (unit) return unit;
  if (commandLines.some((args) => args[0] !== undefined && path.basename(args[0]) === 'beam.smp')) return 'rabbitmq';
  const args = commandLines[0] ?? [];
  // A Node process by its script (the runtime's own name says nothing), anything else by its program.
  const program = args[0] ? path.basename(args[0]) : String(pids[0]);
  const script = program === 'node' ? args.slice(1).find((arg) => !arg.startsWith('-')) : undefined;
  return script ? path.basename(script) : program;
}

/** The largest resident set among a unit's processes (its worker), in MB. */
export function residentMbOf(unitPid: number): number {
  let largest = 0;
  for (const pid of [unitPid, ...descendantsOf(unitPid)]) {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      largest = Math.max(largest, Number(rss ?? 0) / 1024);
    } catch {
      // the process has just exited
    }
  }
  return largest;
}

/** A unit's V8 heap (used of total) and its read models' estimate, from its `/metrics`, in MB. */
export async function heapFiguresOf(port: number): Promise<string> {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((response) => response.text());
  const sumOf = (metric: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith(`${metric} `) || line.startsWith(`${metric}{`))
      .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0) / 1_000_000;
  const heap = `heap ${sumOf('nodejs_heap_size_used_bytes').toFixed(0)} of ${sumOf('nodejs_heap_size_total_bytes').toFixed(0)} MB`;
  return `${heap}, external ${sumOf('nodejs_external_memory_bytes').toFixed(0)} MB, read models ${sumOf('read_model_bytes').toFixed(0)} MB`;
}

/**
 * The share of one core the whole site uses while nobody calls it, in total and by part, largest
 * first. A part is a process this bench started with every process under it (a unit's host and
 * worker, RabbitMQ's node with its port mapper and helpers, FerretDB, maildev, Prometheus, Jaeger),
 * and the bench's own process, which runs the S3 server and the Stripe emulator as `npm start`'s does.
 */
export async function idleCpuShare(): Promise<{ total: number; byProcess: [name: string, share: number][] }> {
  const parents = parentsOfAll();
  const parts = new Map<string, number[]>([['the stack in the bench process (S3, Stripe emulator)', [process.pid]]]);
  for (const [child, parent] of parents) {
    if (parent !== process.pid) continue;
    const pids = [child, ...descendantsOf(child, parents)];
    const name = partName(pids);
    parts.set(name, [...(parts.get(name) ?? []), ...pids]);
  }
  const pids = [...parts.values()].flat();
  const before = cpuSecondsOf(pids);
  await sleep(idleSeconds * 1000);
  const after = cpuSecondsOf(pids);
  // A process that ended meanwhile is left out (the window's share of it is lost, not its whole life counted).
  const usedBy = (pid: number) => {
    const [start, end] = [before.get(pid), after.get(pid)];
    return start === undefined || end === undefined ? 0 : (end - start) / idleSeconds;
  };
  const byProcess: [string, number][] = [...parts].map(([name, members]) => [name, members.reduce((sum, pid) => sum + usedBy(pid), 0)]);
  byProcess.sort((a, b) => b[1] - a[1]);
  return { total: byProcess.reduce((sum, [, share]) => sum + share, 0), byProcess: byProcess.filter(([, share]) => share > 0) };
}

/** Waits until svc-providers' search index holds the seeded providers (the seed tells the running instances); answers how long, in seconds. */
async function indexHolds(siteUrl: string, adminToken: string, providers: number): Promise<number> {
  const startedAt = performance.now();
  await eventually(
    async () =>
      ((await call(siteUrl, { name: 'admin list', path: '/api/admins/providers', token: adminToken })) as { stats: { total: number } }).stats.total >=
      providers,
    600_000,
    `svc-providers' search index did not hold the ${providers} seeded providers within 10 minutes`,
    1_000,
  );
  return (performance.now() - startedAt) / 1000;
}

/** Waits until svc-identity's member list holds the seeded members (the seed tells the running instances); answers how long, in seconds. */
async function memberListHolds(siteUrl: string, adminToken: string, members: number): Promise<number> {
  const startedAt = performance.now();
  await eventually(
    async () => {
      const answer = await call(siteUrl, { name: 'member list', path: '/api/members?search=seed.altmed.local', token: adminToken }).catch(() => undefined);
      return ((answer as { counts?: { all: number } } | undefined)?.counts?.all ?? 0) >= members;
    },
    600_000,
    `svc-identity's member list did not hold the ${members} seeded members within 10 minutes`,
    1_000,
  );
  return (performance.now() - startedAt) / 1000;
}

/** Waits until svc-billing's payment list holds the seeded members' payments (two in three paid); answers how long, in seconds. */
async function paymentListHolds(siteUrl: string, adminToken: string, members: number): Promise<number> {
  const startedAt = performance.now();
  const paid = Array.from({ length: members }, (_, n) => n).filter((n) => n % 3 !== 2).length;
  await eventually(
    async () => {
      const answer = await call(siteUrl, { name: 'payment list', path: '/api/payments?search=seed.altmed.local', token: adminToken }).catch(() => undefined);
      return ((answer as { counts?: { all: number } } | undefined)?.counts?.all ?? 0) >= paid;
    },
    600_000,
    `svc-billing's payment list did not hold the ${paid} seeded payments within 10 minutes`,
    1_000,
  );
  return (performance.now() - startedAt) / 1000;
}

/** The user-facing calls of issue 20 (and the admin area's and My membership's of issue 22) through the gateway, timed. */
export async function timeCallsAtScale(siteUrl: string, admin: { email: string; password: string }): Promise<string[]> {
  // Built by the time a bench runs (npm start and npm test load this module before any build).
  const { GENERATED_MEMBER_PASSWORD, generatedMemberEmail } = await import('@altmed/service-kit');
  const adminToken = await login(siteUrl, admin.email, admin.password);
  const indexSeconds = await indexHolds(siteUrl, adminToken, scaleSet.providers);
  const memberListSeconds = await memberListHolds(siteUrl, adminToken, scaleSet.members);
  const paymentListSeconds = await paymentListHolds(siteUrl, adminToken, scaleSet.members);
  const member = await login(siteUrl, generatedMemberEmail(0), GENERATED_MEMBER_PASSWORD);
  const directory = (await call(siteUrl, { name: 'directory', path: '/api/directory/providers?sort=rating', token: member })) as {
    providers: { _id: string; providerName: string; city: string; state: string; specialties: string[] }[];
  };
  const sample = directory.providers[3]!;
  const lastName = /^Dr\. \S+ (\S+),/.exec(sample.providerName)?.[1] ?? 'Rivera';
  const typo = `${lastName.slice(0, 2)}${lastName.slice(3)}`;
  const pending = (await call(siteUrl, { name: 'pending', path: '/api/admins/providers?status=pending', token: adminToken })) as {
    providers: { npiNumber: string }[];
  };
  for (const saved of directory.providers.slice(0, 5))
    await call(siteUrl, { name: 'save', method: 'PUT', path: `/api/saved-providers/${saved._id}`, token: member });
  // Each login is another member's: one account's attempts are limited (LOGIN_FAILURES_PER_ACCOUNT in a window).
  let nextMember = 1;
  // Words no search has had: the last name with one letter changed or added (one typo still matches it), so no kept answer serves them.
  const lower = lastName.toLowerCase();
  const newWords = [...lower].flatMap((_, position) =>
    [...'abcdefghijklmnopqrstuvwxyz'].flatMap((letter) => [
      `${lower.slice(0, position)}${letter}${lower.slice(position + 1)}`,
      `${lower.slice(0, position)}${letter}${lower.slice(position)}`,
    ]),
  );
  const unsearched = [...new Set(newWords)].filter((word) => word !== lower && word !== typo.toLowerCase());
  let nextWord = 0;
  const calls: Call[] = [
    {
      name: 'login (a member)',
      method: 'POST',
      path: '/api/users/login',
      body: () => ({ email: generatedMemberEmail(nextMember++), password: GENERATED_MEMBER_PASSWORD }),
    },
    { name: 'GET /users/me', path: '/api/users/me', token: member },
    { name: `directory: text "${lastName.toLowerCase()}"`, path: `/api/directory/providers?q=${encodeURIComponent(lastName)}`, token: member },
    { name: `directory: text with a typo "${typo.toLowerCase()}"`, path: `/api/directory/providers?q=${encodeURIComponent(typo)}`, token: member },
    {
      name: 'directory: text, a new word each call',
      path: () => `/api/directory/providers?q=${encodeURIComponent(unsearched[nextWord++ % unsearched.length]!)}`,
      token: member,
    },
    { name: `directory: area "${sample.specialties[0]}"`, path: `/api/directory/providers?areas=${encodeURIComponent(sample.specialties[0]!)}`, token: member },
    {
      name: `directory: ${sample.state}, ${sample.city}`,
      path: `/api/directory/providers?state=${sample.state}&city=${encodeURIComponent(sample.city)}`,
      token: member,
    },
    { name: 'directory: best rated, page 1', path: '/api/directory/providers?sort=rating', token: member },
    { name: 'directory: best rated, page 20', path: '/api/directory/providers?sort=rating&page=20', token: member },
    { name: 'directory: near 10001, 25 miles, nearest first', path: '/api/directory/providers?near=10001&radius=25', token: member },
    { name: 'directory: near 10001, 25 miles, nearest first, page 20', path: '/api/directory/providers?near=10001&radius=25&page=20', token: member },
    {
      name: `directory: near 10001, 25 miles, area "${sample.specialties[0]}"`,
      path: `/api/directory/providers?near=10001&radius=25&areas=${encodeURIComponent(sample.specialties[0]!)}`,
      token: member,
    },
    { name: 'directory: near 10001, 100 miles, nearest first', path: '/api/directory/providers?near=10001&radius=100', token: member },
    { name: 'directory: near 10001, 100 miles, nearest first, page 20', path: '/api/directory/providers?near=10001&radius=100&page=20', token: member },
    {
      name: `directory: near 10001, 100 miles, area "${sample.specialties[0]}"`,
      path: `/api/directory/providers?near=10001&radius=100&areas=${encodeURIComponent(sample.specialties[0]!)}`,
      token: member,
    },
    { name: 'directory: near a position, 25 miles, best rated', path: '/api/directory/providers?lat=41.88&lng=-87.63&sort=rating', token: member },
    { name: 'a provider profile, from a near search', path: `/api/provider-info/${sample._id}?near=10001`, token: member },
    { name: `admin: name "${lastName.toLowerCase()}"`, path: `/api/admins/providers?search=${encodeURIComponent(lastName)}`, token: adminToken },
    { name: 'admin: NPI', path: `/api/admins/providers?search=${pending.providers[0]?.npiNumber ?? '2000'}`, token: adminToken },
    { name: `admin: city "${sample.city}"`, path: `/api/admins/providers?search=${encodeURIComponent(sample.city)}`, token: adminToken },
    { name: 'admin: pending', path: '/api/admins/providers?status=pending', token: adminToken },
    { name: 'admin: first page, with the counts', path: '/api/admins/providers', token: adminToken },
    { name: 'a provider profile', path: `/api/provider-info/${sample._id}`, token: member },
    { name: 'the saved list', path: '/api/saved-providers', token: member },
    { name: 'admin members: first page, with the counts', path: '/api/members', token: adminToken },
    { name: 'admin members: an email', path: `/api/members?search=${encodeURIComponent(generatedMemberEmail(4242))}`, token: adminToken },
    { name: 'admin members: a name, active', path: '/api/members?search=ada%20reyes&membership=active', token: adminToken },
    { name: 'admin members: no membership, page 50', path: '/api/members?membership=none&page=50', token: adminToken },
    { name: 'admin orders: first page, with the counts', path: '/api/payments', token: adminToken },
    { name: 'admin orders: an email', path: `/api/payments?search=${encodeURIComponent(generatedMemberEmail(4243))}`, token: adminToken },
    { name: 'admin orders: a promo code, paid, page 20', path: '/api/payments?search=seed50&status=succeeded&page=20', token: adminToken },
    { name: 'dashboard: member figures', path: '/api/members/figures', token: adminToken },
    { name: 'dashboard: payment figures', path: '/api/payments/figures', token: adminToken },
    { name: 'dashboard: provider figures', path: '/api/admins/figures', token: adminToken },
    { name: 'my data: account', path: '/api/users/me/data', token: member },
    { name: 'my data: payments', path: '/api/payments/mine', token: member },
    { name: 'my data: reviews', path: '/api/reviews/mine', token: member },
  ];
  return [
    `search index holds the ${scaleSet.providers} providers ${indexSeconds.toFixed(0)} s after the seed ended`,
    `member list holds the ${scaleSet.members} members ${memberListSeconds.toFixed(0)} s after that`,
    `payment list holds their payments ${paymentListSeconds.toFixed(0)} s after that`,
    ...(await timeCalls(siteUrl, calls)),
  ];
}
