/** What the providers benchmarks share: where the site is, an admin's token, timed calls and percentiles. */
import http from 'node:http';
import mongoose from 'mongoose';
import { EVENTS_EXCHANGE } from '@altmed/contracts';
import { providerModel } from '../providers/provider.model';
import { reviewModel } from '../reviews/review.model';
import { insertGeneratedProviders, tellRunningInstances } from '../seed/seed';
import { seededId } from '../seed/seed-data';

export const providersUrl = process.env.PROVIDERS_URL ?? 'http://127.0.0.1:4002';
export const identityUrl = process.env.IDENTITY_URL ?? 'http://127.0.0.1:4001';
export const mongoUrl = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017';
export const database = (process.env.MONGO_DB ?? 'providers') + (process.env.MONGO_DB_SUFFIX ?? '');
const adminEmail = process.env.ADMIN_EMAIL ?? 'admin@altmed.local';
const adminPassword = process.env.ADMIN_PASSWORD ?? 'ChangeMe-Admin-2025';

export async function adminToken(): Promise<string> {
  const response = await fetch(`${identityUrl}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  if (response.status !== 200) throw new Error(`the admin login at ${identityUrl} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Inserts the first `count` generated providers, two reviews each, into the bench database (those
 * already there are kept; image keys without files), and tells the running instances to read them.
 */
export async function seedGeneratedProviders(label: string, count: number): Promise<void> {
  const connection = await mongoose.createConnection(mongoUrl, { dbName: database }).asPromise();
  try {
    const startedAt = performance.now();
    const image = (kind: string) => ({
      key: `providers/${seededId('generated-images')}/${kind}-seed.jpg`,
      thumbnailKey: `providers/${seededId('generated-images')}/${kind}-seed-thumb.jpg`,
    });
    const inserted = await insertGeneratedProviders(
      { providers: providerModel(connection), reviews: reviewModel(connection) },
      { providers: count, reviews: count * 2, members: 0 },
      { headshot: image('headshot'), gallery: image('gallery') },
    );
    const ids = Array.from({ length: count }, (_, n) => seededId(`generated-${n}`));
    await tellRunningInstances(
      { AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672', EVENTS_EXCHANGE: process.env.EVENTS_EXCHANGE ?? EVENTS_EXCHANGE },
      ids,
      console.log,
    );
    const seconds = (performance.now() - startedAt) / 1000;
    console.log(
      inserted === 0
        ? `${label}: ${database} already holds the ${count} generated providers`
        : `${label}: ${inserted} generated providers inserted into ${database} in ${seconds.toFixed(1)} s`,
    );
  } finally {
    await connection.close();
  }
}

/** One GET with the token, timed; node:http rather than fetch, whose five-minute header timeout a slow database can reach. */
export function timedGet(url: string, token: string): Promise<{ ms: number; total: number }> {
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

/** Times each call `samples` times, round by round (a slow moment of the machine spreads over every call), and prints p50 and p95. */
export async function timeCalls(calls: { name: string; url: string }[], samples: number, token: string): Promise<void> {
  const timings = calls.map(() => [] as number[]);
  const totals: number[] = [];
  for (let round = 0; round < samples; round += 1) {
    for (const [index, call] of calls.entries()) {
      const { ms, total } = await timedGet(call.url, token);
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
