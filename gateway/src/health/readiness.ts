import fs from 'node:fs/promises';
import type { RequestHandler } from 'express';
import type { ServiceName } from '../config';

export type ServiceState = 'ready' | 'not ready' | 'unreachable';

async function stateOf(serviceUrl: string, timeoutMs: number): Promise<ServiceState> {
  try {
    const response = await fetch(`${serviceUrl.replace(/\/$/, '')}/readyz`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.status === 200 ? 'ready' : 'not ready';
  } catch {
    return 'unreachable';
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** A front-end build the gateway serves from disk, named by the file that proves it is there. */
export interface LocalBuild {
  name: string;
  file: string;
}

/**
 * The gateway's own readiness, for a load balancer: it can serve the site, meaning the front-end
 * builds it serves from disk are there. The services are not asked: one service down makes its
 * own /api routes answer 503, not the whole site (see /statusz for their states).
 */
export function gatewayReadiness(builds: LocalBuild[]): RequestHandler {
  return async (_req, res) => {
    const missing = (await Promise.all(builds.map(async (build) => ((await exists(build.file)) ? [] : [build.name])))).flat();
    const ready = missing.length === 0;
    res.status(ready ? 200 : 503).json(ready ? { status: 'ready' } : { status: 'not ready', missing: missing.map((name) => `${name} build`) });
  };
}

/**
 * What a person or a start script wants to see: every service's readiness, asked in parallel.
 * Always 200; `status` is `ready` only when every service is.
 */
export function servicesStatus(services: Record<ServiceName, string>, timeoutMs: number): RequestHandler {
  return async (_req, res) => {
    const states = await Promise.all(Object.entries(services).map(async ([name, url]) => [name, await stateOf(url, timeoutMs)] as const));
    const ready = states.every(([, state]) => state === 'ready');
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: ready ? 'ready' : 'not ready', services: Object.fromEntries(states) });
  };
}
