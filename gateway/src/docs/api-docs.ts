import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { API_ACCESS, Messages, OPENAPI_PATH, openApiPath, SUPPORT_EMAIL } from '@altmed/contracts';
import type { ServiceName } from '../config';

/** The parts of a service's OpenAPI document that are merged. */
interface ServiceDocument {
  openapi: string;
  info: { title: string; version: string };
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

/** `get /users/me`: the operations the gateway routes (service-to-service routes and the keys are not). */
const routedOperations = new Set(API_ACCESS.filter((route) => route.outcomes).map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`));

export const API_DOCS_PATH = '/api/docs';

/** How long a merged document is reused: a second when a service did not answer, so it shows up once it is back. */
const FRESH_MS = 30_000;
const WHILE_DEGRADED_MS = 1_000;

async function documentOf(serviceUrl: string, timeoutMs: number): Promise<ServiceDocument | null> {
  try {
    const response = await fetch(`${serviceUrl.replace(/\/$/, '')}${OPENAPI_PATH}`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    const document = (await response.json()) as ServiceDocument;
    return typeof document.openapi === 'string' && typeof document.info?.version === 'string' && document.paths ? document : null;
  } catch {
    return null;
  }
}

/** One service's routed operations, as the gateway serves them (under `servers[0]`, `/api`). */
function routedPaths(document: ServiceDocument): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const operations = Object.entries(item).filter(([method]) => routedOperations.has(`${method} ${path}`));
    if (operations.length > 0) paths[path] = Object.fromEntries(operations);
  }
  return paths;
}

async function mergedDocument(services: Record<ServiceName, string>, timeoutMs: number) {
  const documents = await Promise.all(Object.entries(services).map(async ([name, url]) => [name, await documentOf(url, timeoutMs)] as const));
  const available = documents.filter((entry): entry is readonly [string, ServiceDocument] => entry[1] !== null);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Altmed marketplace API',
      version: available.map(([name, document]) => `${name} ${document.info.version}`).join(', '),
      description: 'Every route a browser reaches through the gateway, from the documents the services serve. Errors answer `{ "message": "…" }`.',
      contact: { name: 'Altmed support', email: SUPPORT_EMAIL },
    },
    servers: [{ url: '/api' }],
    security: [{ bearer: [] }],
    tags: available.map(([name, document]) => ({ name, description: `${document.info.title} ${document.info.version}` })),
    paths: Object.assign({}, ...available.map(([, document]) => routedPaths(document))) as Record<string, unknown>,
    components: {
      schemas: Object.assign({}, ...available.map(([, document]) => document.components?.schemas ?? {})) as Record<string, unknown>,
      // Only the scheme the routed operations use: the service-to-service credential stays out of the public document.
      securitySchemes: { bearer: available.map(([, document]) => document.components?.securitySchemes?.bearer).find(Boolean) },
    },
    'x-unavailable': documents.filter(([, document]) => document === null).map(([name]) => name),
  };
}

/**
 * `GET /api/docs`: one OpenAPI 3.1 document of the whole API as a browser reaches it, merged from the
 * documents the services serve (so each shows the version its team deployed), each service a tag
 * with its version. A service that does not answer is named in `x-unavailable` and its routes are
 * missing until it is back. Merged at most once at a time and reused for 30 s (a second while a
 * service is missing): asking for it costs the services nothing.
 */
export function apiDocs(services: Record<ServiceName, string>, timeoutMs: number) {
  const cache = new LRUCache<'document', string>({
    max: 1,
    ttl: FRESH_MS,
    fetchMethod: async (_key, _stale, { options }) => {
      const document = await mergedDocument(services, timeoutMs);
      if (document['x-unavailable'].length > 0) options.ttl = WHILE_DEGRADED_MS;
      return JSON.stringify(document);
    },
  });
  return async (req: IncomingMessage, res: ServerResponse) => {
    const answer = (status: number, body: string | undefined, headers: Record<string, string> = {}) =>
      res
        .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers })
        .end(req.method === 'HEAD' ? undefined : body);
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, JSON.stringify({ message: 'Method not allowed' }), { allow: 'GET, HEAD' });
    try {
      answer(200, await cache.fetch('document'));
    } catch (err) {
      req.log?.error({ err }, 'the API document could not be merged');
      if (!res.headersSent) answer(503, JSON.stringify({ message: Messages.serviceUnavailable }), { 'retry-after': '5' });
    }
  };
}
