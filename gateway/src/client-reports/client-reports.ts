import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Request } from 'express';
import { Counter, Histogram } from 'prom-client';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { CLIENT_REPORTS_PATH, clientReportsRequestSchema, REMOTE_NAMES, type ClientReport, type RemoteName } from '@altmed/contracts';
import { parseInput, tooManyRequests, type ServiceMetrics } from '@altmed/service-kit';
import type { Remote } from '../config';

/** Reports a browser may send a minute (a page load sends a handful; a hostile client gets 429). */
const REPORTS_PER_MINUTE = 30;
/** How long the remotes' current build versions are kept before their manifests are read again. */
const VERSION_CACHE_MS = 5_000;

/**
 * The remotes' current builds, from the manifests the gateway serves: a reported version is a label
 * only when it is the current one ("other" otherwise), so no client can add label values at will.
 */
function currentBuildVersions(remotes: Remote[]): () => Map<RemoteName, string> {
  let read = 0;
  let versions = new Map<RemoteName, string>();
  return () => {
    if (Date.now() - read < VERSION_CACHE_MS) return versions;
    read = Date.now();
    versions = new Map();
    for (const remote of remotes.filter((candidate) => candidate.entry.startsWith('/'))) {
      try {
        const manifest = JSON.parse(fs.readFileSync(path.join(remote.dist, 'mf-manifest.json'), 'utf8')) as {
          metaData?: { buildInfo?: { buildVersion?: unknown } };
        };
        const version = manifest.metaData?.buildInfo?.buildVersion;
        if (typeof version === 'string' && (REMOTE_NAMES as readonly string[]).includes(remote.name)) versions.set(remote.name as RemoteName, version);
      } catch {
        // Not built (or mid-write): its failures count under "unknown" or "other" for now.
      }
    }
    return versions;
  };
}

/**
 * `POST /client-reports`: what browsers see, counted as the gateway's metrics so that a remote's
 * team sees its own load failures and web vitals after a deploy. The body is schema-checked, holds
 * no personal data, and each address may send REPORTS_PER_MINUTE reports a minute.
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

  const count = (report: ClientReport) => {
    if (report.kind === 'remote-load-failure') {
      const current = versions().get(report.remote);
      const version = report.buildVersion === undefined ? 'unknown' : report.buildVersion === current ? current : 'other';
      remoteFailures.inc({ remote: report.remote, build_version: version });
    } else if (report.name === 'CLS') layoutShift.observe({ area: report.area }, report.value);
    else vitalSeconds.observe({ name: report.name, area: report.area }, report.value / 1000);
  };

  const router = Router();
  router.post(CLIENT_REPORTS_PATH, express.json({ limit: '4kb' }), async (req, res) => {
    const { reports } = parseInput(clientReportsRequestSchema, req.body);
    await limiter.consume(clientAddress(req), reports.length).catch((rejection: unknown) => {
      if (rejection instanceof RateLimiterRes) throw tooManyRequests(Math.ceil(rejection.msBeforeNext / 1000));
      throw rejection;
    });
    reports.forEach(count);
    res.status(204).end();
  });
  return router;
}
