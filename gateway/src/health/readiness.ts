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

/** 200 only when every service's /readyz answers 200; the services are asked in parallel. */
export function readiness(services: Record<ServiceName, string>, timeoutMs: number): RequestHandler {
  return async (_req, res) => {
    const states = await Promise.all(
      Object.entries(services).map(async ([name, url]) => [name, await stateOf(url, timeoutMs)] as const),
    );
    const ready = states.every(([, state]) => state === 'ready');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', services: Object.fromEntries(states) });
  };
}
