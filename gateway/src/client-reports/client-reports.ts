import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Request } from 'express';
import { Counter, Histogram } from 'prom-client';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { CLIENT_REPORTS_PATH, clientReportsRequestSchema, REMOTE_NAMES, type ClientReport, type RemoteName } from '@altmed/contracts';
import { parseInput, tooManyRequests, type ServiceMetrics } from '@altmed/service-kit';
import type { Remote } from '../config';

/** Reports a browser may send a minute (a page load sends a handful; a hostile client gets 429). Per gateway instance. */
const REPORTS_PER_MINUTE = 30;
/** A remote's failures an address may add to the count in this many seconds: the alert counts browsers, not one browser's retries. */
const FAILURE_REPORT_WINDOW_SECONDS = 600;
/** How long the remotes' current build versions are kept before their manifests are read again. */
const VERSION_CACHE_MS = 5_000;

/** A manifest's build version, or undefined. */
function buildVersionOf(manifest: unknown): string | undefined {
  const version = (manifest as { metaData?: { buildInfo?: { buildVersion?: unknown } } } | undefined)?.metaData?.buildInfo?.buildVersion;
  return typeof version === 'string' ? version : undefined;
}

/**
 * The remotes' current builds, from their manifests (the files the gateway serves, or the remote's
 * own origin in production), read at most every VERSION_CACHE_MS: a reported version is a label
 * only when it is the current one ("other" otherwise), so no client can add label values at will.
 */
function currentBuildVersions(remotes: Remote[]): () => Promise<Map<RemoteName, string>> {
  let readAt = 0;
  let versions = new Map<RemoteName, string>();
  let reading: Promise<Map<RemoteName, string>> | undefined;
  const readManifest = async (remote: Remote): Promise<unknown> => {
    if (remote.entry.startsWith('/')) return JSON.parse(await fs.promises.readFile(path.join(remote.dist, 'mf-manifest.json'), 'utf8'));
    const response = await fetch(remote.entry, { signal: AbortSignal.timeout(2_000) });
    return response.ok ? response.json() : undefined;
  };
  const read = async () => {
    const next = new Map<RemoteName, string>();
    for (const remote of remotes.filter(({ name }) => (REMOTE_NAMES as readonly string[]).includes(name))) {
      // Not built, mid-write or unreachable: the last version read stays.
      const version = buildVersionOf(await readManifest(remote).catch(() => undefined)) ?? versions.get(remote.name as RemoteName);
      if (version) next.set(remote.name as RemoteName, version);
    }
    versions = next;
    readAt = Date.now();
    return versions;
  };
  return () => {
    if (Date.now() - readAt < VERSION_CACHE_MS) return Promise.resolve(versions);
    reading ??= read().finally(() => (reading = undefined));
    return reading;
  };
}

/**
 * `POST /client-reports`: what browsers see, counted as the gateway's metrics so that a remote's
 * team sees its own load failures and web vitals after a deploy. The body is schema-checked and holds
 * no personal data; each address may send REPORTS_PER_MINUTE requests a minute to each gateway
 * instance, and adds at most one failure per remote and FAILURE_REPORT_WINDOW_SECONDS to the count.
 */
export function clientReports(metrics: ServiceMetrics, remotes: Remote[], clientAddress: (req: Request) => string): Router {
  const remoteFailures = new Counter({
    name: 'client_remote_load_failures_total',
    help: 'Remote areas browsers could not load, by remote and build (the current build, "other" or "unknown")',
    labelNames: ['remote', 'build_version'],
    registers: [metrics.registry],
  });
  const vitalSeconds = new Histogram({
    name: 'client_web_vital_seconds',
    help: 'Core Web Vitals and timings browsers measured (LCP, INP, FCP, TTFB), by name and area of the site; sampled',
    labelNames: ['name', 'area'],
    buckets: [0.1, 0.2, 0.5, 0.8, 1, 1.8, 2.5, 4, 6, 10],
    registers: [metrics.registry],
  });
  const layoutShift = new Histogram({
    name: 'client_cumulative_layout_shift',
    help: 'Cumulative Layout Shift browsers measured, by area of the site; sampled',
    labelNames: ['area'],
    buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
    registers: [metrics.registry],
  });
  const versions = currentBuildVersions(remotes);
  const limiter = new RateLimiterMemory({ keyPrefix: 'client-reports', points: REPORTS_PER_MINUTE, duration: 60 });
  const failuresPerAddress = new RateLimiterMemory({ keyPrefix: 'remote-failures', points: 1, duration: FAILURE_REPORT_WINDOW_SECONDS });
  for (const remote of REMOTE_NAMES) for (const version of ['other', 'unknown']) remoteFailures.inc({ remote, build_version: version }, 0);

  const count = async (report: ClientReport, address: string) => {
    if (report.kind === 'remote-load-failure') {
      // One failure of a remote per address and window counts; the rest are answered and dropped.
      if (
        !(await failuresPerAddress.consume(`${address}:${report.remote}`).then(
          () => true,
          () => false,
        ))
      )
        return;
      const current = (await versions()).get(report.remote);
      const version = report.buildVersion === undefined ? 'unknown' : report.buildVersion === current ? current : 'other';
      remoteFailures.inc({ remote: report.remote, build_version: version });
    } else if (report.name === 'CLS') layoutShift.observe({ area: report.area }, report.value);
    else vitalSeconds.observe({ name: report.name, area: report.area }, report.value / 1000);
  };

  const router = Router();
  router.post(CLIENT_REPORTS_PATH, async (req, _res, next) => {
    // Before the body is read: a client past its limit costs no parsing.
    await limiter.consume(clientAddress(req)).then(
      () => next(),
      (rejection: unknown) => {
        if (rejection instanceof RateLimiterRes) throw tooManyRequests(Math.ceil(rejection.msBeforeNext / 1000));
        throw rejection;
      },
    );
  });
  router.post(CLIENT_REPORTS_PATH, express.json({ limit: '4kb' }), async (req, res) => {
    const { reports } = parseInput(clientReportsRequestSchema, req.body);
    for (const report of reports) await count(report, clientAddress(req));
    res.status(204).end();
  });
  return router;
}
