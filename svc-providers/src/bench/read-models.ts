/**
 * The read models' memory and speed at 100,000, 200,000 and 400,000 providers, in this process, without
 * a database or HTTP: the search index and the moderation queue are built from generated records fed
 * one at a time (as the cursor of a full read feeds them), and their memory (heap and typed arrays) measured after a full GC.
 * Then each directory and admin search of the scale bench, one at a time (the index alone; the scale
 * bench measures the same calls through the gateway).
 *
 *   npm run bench -w svc-providers
 *   BENCH_READ_MODEL_PROVIDERS=100000,400000 BENCH_READ_MODEL_SAMPLES=20
 */
import { AREAS_OF_INTEREST, type DirectorySearch, type AdminProvidersQuery } from '@altmed/contracts';
import { zipCoordinates } from '../places/zip-places';
import { ProviderSearchIndex, type SearchedRecord } from '../search/provider-search-index';
import { TextMatcher } from '../search/text-matcher';
import { ModerationQueueIndex, type QueuedRecord } from '../reviews/moderation-queue-index';
import { generatedProvider, generatedProviderId, npiFrom } from '../seed/seed-data';

const scales = (process.env.BENCH_READ_MODEL_PROVIDERS ?? '100000,200000,400000').split(',').map(Number);
const samples = Number(process.env.BENCH_READ_MODEL_SAMPLES ?? 20);
const DAY_MS = 86_400_000;

const collectGarbage = (globalThis as { gc?: () => void }).gc;
if (!collectGarbage) throw new Error('run with node --expose-gc (npm run bench -w svc-providers does)');

/** The heap in use and the typed arrays' buffers (which live outside it), after full collections. */
function heapUsed(): number {
  for (let pass = 0; pass < 3; pass += 1) collectGarbage!();
  const { heapUsed: used, arrayBuffers } = process.memoryUsage();
  return used + arrayBuffers;
}

/** The n-th generated provider as the search index's full read gets it from the database. */
function providerRecord(n: number): SearchedRecord {
  const provider = generatedProvider(n);
  const id = generatedProviderId(n);
  const createdAt = new Date(Date.now() - (30 + (n % 1_000)) * DAY_MS);
  return {
    _id: id,
    accountState: 'active',
    providerName: provider.providerName,
    practiceName: provider.practiceName,
    email: provider.email,
    npiNumber: provider.npiNumber,
    city: provider.city,
    state: provider.state,
    zip: provider.zip,
    specialties: [...provider.specialties],
    headshot: { key: `providers/${id}/headshot-${n}.webp`, thumbnailKey: `providers/${id}/headshot-thumb-${n}.webp` },
    reviewStats: { totalReviews: n % 7, averageSatisfactionRating: 4.5, averageEfficacyRating: 4, averageRating: 3 + (n % 5) * 0.5 },
    isActive: provider.status !== 'blocked',
    isApproved: provider.status !== 'pending',
    statusHistory:
      provider.status === 'pending'
        ? []
        : [{ action: 'approve', by: { id: 'seed', email: 'vetting@altmed.local' }, at: new Date(createdAt.getTime() + 2 * DAY_MS) }],
    createdAt,
  };
}

function reviewRecord(n: number): QueuedRecord {
  const at = new Date(Date.now() - (n % 700) * DAY_MS);
  const approved = n % 3 !== 0;
  return {
    // A UUID, as the ids this service makes.
    _id: `${generatedProviderId(n >> 1).slice(0, 24)}${n.toString(16).padStart(12, '0')}`,
    isActive: true,
    isApproved: approved,
    status: approved ? 'approved' : 'pending',
    submittedAt: at,
    createdAt: at,
  };
}

async function* generated<T>(count: number, make: (n: number) => T): AsyncGenerator<T> {
  for (let n = 0; n < count; n += 1) yield make(n);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Times a call `samples` times; the first call with a new word fills the word cache, so "new word" calls pass a new word each time. */
function timed(run: (sample: number) => unknown): { p50: number; p95: number } {
  const times: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    const startedAt = performance.now();
    run(sample);
    times.push(performance.now() - startedAt);
  }
  return { p50: Number(median(times).toFixed(2)), p95: Number(p95(times).toFixed(2)) };
}

async function measure(providers: number) {
  const before = heapUsed();
  let startedAt = performance.now();
  const index = await ProviderSearchIndex.of(generated(providers, providerRecord));
  const indexBuildMs = Math.round(performance.now() - startedAt);
  const indexBytes = heapUsed() - before;

  const text = new TextMatcher();
  const documents = Array.from({ length: providers }, (_, slot) => ({ slot, ...generatedProvider(slot) }));
  const beforeText = heapUsed();
  await text.addAll(documents);
  const textBytes = heapUsed() - beforeText;
  documents.length = 0;

  const beforeQueue = heapUsed();
  startedAt = performance.now();
  const queue = await ModerationQueueIndex.of(generated(providers * 2, reviewRecord));
  const queueBuildMs = Math.round(performance.now() - startedAt);
  const queueBytes = heapUsed() - beforeQueue;

  const sample = generatedProvider(3);
  const lastName = /^Dr\. \S+ (\S+),/.exec(sample.providerName)![1]!;
  const directory = (search: Partial<DirectorySearch>) => () => index.directory({ sort: 'rating', page: 1, ...search });
  const midtown = zipCoordinates('10001')!;
  const near = (radiusMiles: number, search: Partial<DirectorySearch>) => () =>
    index.directory({ page: 1, near: '10001', ...search }, { near: { origin: midtown, radiusMiles } });
  const admin = (query: AdminProvidersQuery) => () => index.admin(query);
  const calls: Record<string, (sample: number) => unknown> = {
    'directory, first page': directory({}),
    'directory, text': directory({ q: lastName }),
    'directory, text with a new word each call': (n) => index.directory({ sort: 'rating', page: 1, q: `town ${(n * 37) % 500}` }),
    'directory, text with a typo': directory({ q: `${lastName.slice(0, 2)}${lastName.slice(3)}` }),
    'directory, an area': directory({ areas: [AREAS_OF_INTEREST[2]] }),
    'directory, state and city': directory({ state: sample.state as DirectorySearch['state'], city: sample.city }),
    'directory, by rating, page 20': directory({ page: 20 }),
    'directory, near a ZIP, 25 miles, nearest first': near(25, {}),
    'directory, near a ZIP, 100 miles, nearest first, page 20': near(100, { page: 20 }),
    'directory, near a ZIP, 100 miles, an area': near(100, { areas: [AREAS_OF_INTEREST[2]] }),
    'admin, by name': admin({ search: lastName }),
    'admin, by NPI': (n) => index.admin({ search: npiFrom(200_000_000 + ((n * 7919) % providers)) }),
    'admin, pending': admin({ status: 'pending' }),
    'moderation queue, pending page 20': () => queue.page('pending', 19 * 20, 20),
  };
  const timings = Object.fromEntries(Object.entries(calls).map(([name, run]) => [name, timed(run)]));
  return {
    indexBuildMs,
    indexMB: mb(indexBytes),
    indexEstimateMB: mb(index.memoryFigures().approximateBytes),
    textMB: mb(textBytes),
    reviews: queue.size,
    queueBuildMs,
    queueMB: mb(queueBytes),
    queueEstimateMB: mb(queue.memoryFigures().approximateBytes),
    timings,
  };
}

async function main() {
  console.log(`read models in one process, generated records; ${samples} calls each, ms`);
  const rows: Record<string, number>[] = [];
  const timingRows: Record<string, Record<string, string>> = {};
  for (const providers of scales) {
    // One scale at a time: each index is dropped before the next is built and measured.
    const { timings, indexBuildMs, indexMB, indexEstimateMB, textMB, reviews, queueBuildMs, queueMB, queueEstimateMB } = await measure(providers);
    rows.push({
      providers,
      'search index build ms': indexBuildMs,
      'search index MB': indexMB,
      'its /metrics estimate MB': indexEstimateMB,
      'of which text MB (built alone)': textMB,
      reviews,
      'moderation queue build ms': queueBuildMs,
      'moderation queue MB': queueMB,
      'its /metrics estimate MB ': queueEstimateMB,
    });
    for (const [name, { p50, p95: high }] of Object.entries(timings)) (timingRows[name] ??= {})[String(providers)] = `${p50} / ${high}`;
  }
  console.table(rows);
  console.log('p50 / p95 ms by number of providers');
  console.table(timingRows);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
