/**
 * `npm run bench -w e2e`: Lighthouse (mobile, default simulated throttling) three times against
 * each entry route of a running site at BENCH_SITE_URL (default http://127.0.0.1:8080), printing
 * the median performance score, largest contentful paint, total blocking time and layout shift.
 * Uses Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium); nothing leaves the machine.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM, OFFLINE_CHROMIUM_FLAGS } from '../support/browser';

const SITE_URL = (process.env.BENCH_SITE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const ROUTES = ['/', '/provider-portal', '/admin/login'];
const RUNS = 3;
/** Chrome now and then loses a trace (Lighthouse's NO_NAVSTART): such a run is reported and replaced, this many times per route. */
const SPARE_RUNS = 2;
const CHROME_FLAGS = ['--headless=new', ...OFFLINE_CHROMIUM_FLAGS].join(' ');

/** Lighthouse's codes for a trace Chrome recorded badly (lighthouse/core/lib/lh-error.js). */
const TRACE_ERRORS = new Set(['NO_NAVSTART', 'NO_DCL', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);

interface Run {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

interface LighthouseReport {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { code?: string; message: string };
}

/** Lighthouse ran, but Chrome's trace of the load was incomplete: nothing was measured. */
class LostTraceError extends Error {}

const run = promisify(execFile);
const lighthouseBin = path.join(path.dirname(require.resolve('lighthouse/package.json')), 'cli', 'index.js');

async function lighthouse(url: string, outputPath: string): Promise<Run> {
  const args = [
    lighthouseBin,
    url,
    '--quiet',
    '--only-categories=performance',
    '--output=json',
    `--output-path=${outputPath}`,
    `--chrome-flags=${CHROME_FLAGS}`,
  ];
  // On a runtime error the CLI saves the report, then exits with 1: the report says what went wrong.
  let failure: Error | null = null;
  try {
    await run(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
  }
  if (failure && !fs.existsSync(outputPath)) throw failure;
  const report = JSON.parse(fs.readFileSync(outputPath, 'utf8')) as LighthouseReport;
  if (report.runtimeError) {
    const message = `Lighthouse could not measure ${url}: ${report.runtimeError.message}`;
    throw report.runtimeError.code && TRACE_ERRORS.has(report.runtimeError.code) ? new LostTraceError(message) : new Error(message);
  }
  if (failure) throw failure;
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altmed-lighthouse-'));
  console.log(`Lighthouse (mobile, simulated throttling), median of ${RUNS} runs against ${SITE_URL}`);
  console.log(`  ${'route'.padEnd(20)} ${'score'.padStart(5)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'CLS'.padStart(6)}`);
  try {
    for (const [routeIndex, route] of ROUTES.entries()) {
      const runs: Run[] = [];
      const lostTraces: string[] = [];
      while (runs.length < RUNS) {
        try {
          runs.push(await lighthouse(`${SITE_URL}${route}`, path.join(dir, `route-${routeIndex}-run-${runs.length + lostTraces.length}.json`)));
        } catch (error) {
          if (!(error instanceof LostTraceError) || lostTraces.length === SPARE_RUNS) throw error;
          lostTraces.push(error.message);
        }
      }
      const replaced = lostTraces.length ? `   (${lostTraces.length} run(s) replaced: ${lostTraces.join('; ')})` : '';
      const score = median(runs.map((r) => r.score));
      const lcp = median(runs.map((r) => r.lcpMs));
      const tbt = median(runs.map((r) => r.tbtMs));
      const cls = median(runs.map((r) => r.cls));
      console.log(
        `  ${route.padEnd(20)} ${String(score).padStart(5)} ${`${(lcp / 1000).toFixed(2)} s`.padStart(8)} ${`${Math.round(tbt)} ms`.padStart(8)} ${cls.toFixed(3).padStart(6)}${replaced}`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
