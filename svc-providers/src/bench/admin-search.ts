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
import { generatedProvider } from '../seed/seed-data';
import { adminToken, providersUrl, seedGeneratedProviders, timeCalls } from './bench-kit';

const providersCount = Number(process.env.BENCH_PROVIDERS ?? 100_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 30);

async function main(): Promise<void> {
  await seedGeneratedProviders('admin provider search', providersCount);

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
  console.log(`admin provider search over ${providersCount} providers, ${samples} calls each on ${providersUrl}, one at a time:`);
  await timeCalls(
    calls.map((call) => ({ name: call.name, url: `${providersUrl}/admins/providers?${call.query}&page=1` })),
    samples,
    token,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
