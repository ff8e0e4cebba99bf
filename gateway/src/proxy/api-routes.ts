import type { RequestHandler } from 'express';
import { notFound } from '@altmed/service-kit';
import type { ServiceName } from '../config';
import type { UpstreamPool } from './upstream';

/** First path segment after /api → the service that owns it. */
export const apiRoutes = new Map<string, ServiceName>([
  ['users', 'identity'],
  ['provider-info', 'providers'],
  ['admins', 'providers'],
  ['signature', 'providers'],
  ['payments', 'billing'],
  ['promo-codes', 'billing'],
  ['email', 'notify'],
]);

/** Mounted at /api: express has already stripped the prefix, so the service sees `/users/login`. */
export function apiProxy(services: Record<ServiceName, string>, pool: UpstreamPool): RequestHandler {
  const proxies = new Map(Object.entries(services).map(([name, url]) => [name, pool.proxyTo(name, url)]));
  return (req, res, next) => {
    const service = apiRoutes.get(req.path.split('/')[1] ?? '');
    const proxy = service && proxies.get(service);
    if (!proxy) return next(notFound());
    return proxy(req, res, next);
  };
}
