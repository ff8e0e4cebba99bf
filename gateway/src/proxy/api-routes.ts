import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_ACCESS, Messages } from '@altmed/contracts';
import type { ServiceName } from '../config';
import type { ProxyOptions, UpstreamPool } from './upstream';

/**
 * First path segment after /api → the service that owns it, from the access map's routes that the
 * gateway exposes (a route with no outcomes, service to service, is never reached through it).
 */
export const apiRoutes = new Map<string, ServiceName>(
  API_ACCESS.filter((route) => route.outcomes).map((route) => [route.path.split('/')[1]!, route.service] as const),
);

export type ApiHandler = (req: IncomingMessage, res: ServerResponse) => void;

export function isApiRequest(url: string): boolean {
  return url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');
}

/**
 * `/api/<segment>/…` → the service that owns the segment, as `/<segment>/…`. Runs on the bare
 * node request (no express in between): every API call pays for routing, nothing more.
 */
export function apiProxy(services: Record<ServiceName, string>, pool: UpstreamPool, options: ProxyOptions = {}): ApiHandler {
  const proxies = new Map(Object.entries(services).map(([name, url]) => [name, pool.proxyTo(name, url, options)]));
  return (req, res) => {
    const path = (req.url ?? '').slice('/api'.length);
    const segment = /^\/([^/?#]+)/.exec(path)?.[1] ?? '';
    const service = apiRoutes.get(segment);
    const proxy = service && proxies.get(service);
    if (!proxy) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: Messages.notFound }));
      return;
    }
    req.url = path;
    proxy(req, res);
  };
}
