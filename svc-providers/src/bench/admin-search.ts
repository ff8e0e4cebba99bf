/**
 * The admin provider list at scale: seeds generated providers into svc-providers' database (bulk
 * inserts, no logins) and times `GET /admins/providers` on the running svc-providers with an admin's
 * token: a search by name, by NPI and by city, a status filter, and the unfiltered first page with
 * the counts. Prints p50 and p95 per call; asserts nothing.
 *
 *   npm run bench                      the whole marketplace on bench ports (databases *_bench)
 *   npm run bench -w svc-providers     a running site named by PROVIDERS_URL, IDENTITY_URL, MONGO_URL,
 *                                      MONGO_DB(+MONGO_DB_SUFFIX), ADMIN_EMAIL, ADMIN_PASSWORD; it seeds that database
 *   BENCH_PROVIDERS=100000 BENCH_SAMPLES=30
 */
import http from 'node:http';
import mongoose from 'mongoose';
import { generatedProvider } from '../seed/seed-data';
import { insertGeneratedProviders } from '../seed/seed';
import { providerModel } from '../providers/provider.model';

const providersCount = Number(process.env.BENCH_PROVIDERS ?? 100_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 30);
const providersUrl = process.env.PROVIDERS_URL ?? 'http://127.0.0.1:4002';
const identityUrl = process.env.IDENTITY_URL ?? 'http://127.0.0.1:4001';
const mongoUrl = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017';
const database = (process.env.MONGO_DB ?? 'providers') + (process.env.MONGO_DB_SUFFIX ?? '');
const adminEmail = process.env.ADMIN_EMAIL ?? 'admin@altmed.local';
const adminPassword = process.env.ADMIN_PASSWORD ?? 'ChangeMe-Admin-2025';

async function adminToken(): Promise<string> {
  const response = await fetch(`${identityUrl}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  if (response.status !== 200) throw new Error(`the admin login at ${identityUrl} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const connection = await mongoose.createConnection(mongoUrl, { dbName: database }).asPromise();
  try {
    const startedAt = performance.now();
    const inserted = await insertGeneratedProviders(providerModel(connection), providersCount);
    const seconds = (performance.now() - startedAt) / 1000;
    console.log(
      inserted === 0
        ? `admin provider search: ${database} already holds the ${providersCount} generated providers`
        : `admin provider search: ${inserted} generated providers inserted into ${database} in ${seconds.toFixed(1)} s`,
    );
  } finally {
    await connection.close();
  }

  const token = await adminToken();
  const sample = generatedProvider(Math.floor(providersCount / 2) + 7);
  const [, first, last] = /^Dr\. (\S+) (\S+),/.exec(sample.providerName)!;
  const calls: { name: string; query: string }[] = [
    { name: `name "${first} ${last}"`, query: `search=${encodeURIComponent(`${first} ${last}`)}` },
    { name: `NPI ${sample.npiNumber}`, query: `search=${sample.npiNumber}` },
    { name: `city "${sample.city}"`, query: `search=${encodeURIComponent(sample.city)}` },
    { name: 'status pending', query: 'status=pending' },
    { name: 'no filter (page 1 and the counts)', query: '' },
  ];
  const timings = calls.map(() => [] as number[]);
  const totals: number[] = [];
  console.log(`admin provider search over ${providersCount} providers, ${samples} calls each on ${providersUrl}, one at a time:`);
  // Round by round, so a slow moment of the machine spreads over every call instead of one.
  for (let round = 0; round < samples; round += 1) {
    for (const [index, call] of calls.entries()) {
      const { ms, total } = await timedGet(`${providersUrl}/admins/providers?${call.query}&page=1`, token);
      timings[index]!.push(ms);
      totals[index] = total;
      // A call can take long on a slow database: each figure is shown as it comes.
      if (round === 0 && samples > 1) console.log(`  ${call.name.padEnd(36)} first call ${ms.toFixed(0)} ms`);
    }
  }
  for (const [index, call] of calls.entries()) {
    const sorted = timings[index]!.sort((a, b) => a - b);
    console.log(
      `  ${call.name.padEnd(36)} p50 ${percentile(sorted, 50).toFixed(0).padStart(6)} ms, p95 ${percentile(sorted, 95).toFixed(0).padStart(6)} ms (${totals[index]} found)`,
    );
  }
}

/** One GET with the token, timed; node:http rather than fetch, whose five-minute header timeout a slow database can reach. */
function timedGet(url: string, token: string): Promise<{ ms: number; total: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`GET ${url} answered ${response.statusCode}: ${text}`));
        resolve({ ms: performance.now() - started, total: (JSON.parse(text) as { total?: number }).total ?? 0 });
      });
    });
    request.on('error', reject);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
