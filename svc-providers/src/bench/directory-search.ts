/**
 * The members' directory at scale (issue 11): seeds generated providers (about 86 % of them
 * approved) into svc-providers' database and times `GET /directory/providers` on the running
 * svc-providers: a text search, an area, a state and city, the best rated first, and page 20.
 * Asked with an admin's token, which sees what a paying member sees through the same query.
 * Prints p50 and p95 per call; asserts nothing. Run before the admin bench, which grows the set.
 *
 *   npm run bench -w svc-providers     (see admin-search.ts for the variables)
 *   BENCH_DIRECTORY_PROVIDERS=11600 BENCH_DIRECTORY_SAMPLES=10
 */
import { generatedProvider } from '../seed/seed-data';
import { adminToken, providersUrl, seedGeneratedProviders, timeCalls } from './bench-kit';

/** 11,600 generated providers hold about 10,000 approved ones. */
const providersCount = Number(process.env.BENCH_DIRECTORY_PROVIDERS ?? 11_600);
const samples = Number(process.env.BENCH_DIRECTORY_SAMPLES ?? 10);

async function main(): Promise<void> {
  await seedGeneratedProviders('directory search', providersCount);
  const token = await adminToken();
  // An approved one in the middle of the set (every tenth is pending, one in 25 blocked).
  const sample = generatedProvider(Math.floor(providersCount / 2) + 7);
  const [, , last] = /^Dr\. (\S+) (\S+),/.exec(sample.providerName)!;
  const calls = [
    { name: `text "${last}"`, query: `q=${encodeURIComponent(last!)}` },
    { name: `area "${sample.specialties[0]}"`, query: `areas=${encodeURIComponent(sample.specialties[0]!)}` },
    { name: `state and city "${sample.state}, ${sample.city}"`, query: `state=${sample.state}&city=${encodeURIComponent(sample.city)}` },
    { name: 'best rated first, page 1', query: 'sort=rating' },
    { name: 'best rated first, page 20', query: 'sort=rating&page=20' },
  ];
  console.log(`directory search over ${providersCount} generated providers, ${samples} calls each on ${providersUrl}, one at a time:`);
  await timeCalls(
    calls.map((call) => ({ name: call.name, url: `${providersUrl}/directory/providers?${call.query}` })),
    samples,
    token,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
