/**
 * Test helper (not exported from the package index, so never bundled): a minimal `fetch` over
 * node:http for jsdom tests, which have no fetch of their own. Relative URLs such as `/api/x`
 * resolve against `origin`, so components talk to a real local HTTP server unchanged.
 */
import { request } from 'node:http';
import { API_ACCESS, API_ROUTES } from '@altmed/contracts';

export interface TestResponse {
  ok: boolean;
  status: number;
  text: () => Promise<string>;
  json: () => Promise<unknown>;
}

export function createHttpFetch(origin: string) {
  return (input: string | URL, init: { method?: string; headers?: Record<string, string>; body?: unknown; signal?: AbortSignal | null } = {}) =>
    new Promise<TestResponse>((resolve, reject) => {
      const url = new URL(String(input), origin);
      // Sized as a browser sends it: without a length, node sends a DELETE's body neither sized nor chunked, and the server never reads it.
      const headers = typeof init.body === 'string' ? { ...init.headers, 'Content-Length': String(Buffer.byteLength(init.body)) } : init.headers;
      const req = request(url, { method: init.method ?? 'GET', headers }, (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, text: async () => data, json: async (): Promise<unknown> => JSON.parse(data) as unknown });
        });
      });
      req.on('error', reject);
      init.signal?.addEventListener('abort', () => {
        req.destroy();
        reject(Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' }));
      });
      if (typeof init.body === 'string') req.write(init.body);
      req.end();
    });
}

export interface TestRoute {
  method: string;
  path: string | RegExp;
  /** Matches only requests whose query string has these parameters (others may be there too). */
  query?: Record<string, string>;
  status: number;
  body?: unknown;
  /** Answers this long after the request arrived (a slow server). */
  delayMs?: number;
  /** Why this canned answer is one the service never gives (a client's guard against it is under test); only then is it not checked against the route's schema. */
  offContract?: string;
}

interface SchemaIssue {
  path: PropertyKey[];
  message: string;
}

/** An express path pattern as a regular expression over a whole path. */
const patternOf = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
const apiRoutes = API_ACCESS.map((route) => ({ ...route, pattern: patternOf(route.path) }));

/**
 * Why a canned answer of an /api route is not one the service could give (null when it could): a
 * route the API does not have, a status it does not answer with success, or a body its response
 * schema refuses. Front-end tests then test against answers the services really send.
 */
export function fixtureProblem(method: string, url: URL, status: number, body: unknown): string | null {
  if (!url.pathname.startsWith('/api/') || status < 200 || status >= 300) return null;
  const path = url.pathname.slice('/api'.length);
  const route = apiRoutes.find((candidate) => candidate.method === method && candidate.pattern.test(path));
  if (!route) return `${method} ${url.pathname}: no such route in the API (API_ROUTES in @altmed/contracts)`;
  const responses: Readonly<Record<number, { safeParse: (value: unknown) => { success: boolean; error?: { issues: SchemaIssue[] } } } | null>> =
    API_ROUTES[route.key].responses;
  const schema = responses[status];
  if (schema === undefined) return `${route.key}: the route does not answer ${status}`;
  if (schema === null) return body === undefined ? null : `${route.key}: ${status} has no body`;
  const result = schema.safeParse(body);
  if (result.success) return null;
  const issues = (result.error?.issues ?? []).map((issue) => `${issue.path.join('.') || '(the body)'}: ${issue.message}`);
  return `${route.key}: the ${status} answer does not match the route's schema (${issues.join('; ')})`;
}

export interface TestServer {
  origin: string;
  /** Requests seen so far: method, url, parsed JSON body, authorization header, whether the answer has gone out, and when the request arrived (ms). */
  requests: { method: string; url: string; body: unknown; authorization?: string; answered: boolean; receivedAt: number }[];
  /** Replaces the canned routes. Unmatched requests get 404 { message: 'Not found' }. */
  setRoutes: (routes: TestRoute[]) => void;
  /** Canned answers that the API's route table refuses ({@link fixtureProblem}); each was answered 500 instead. */
  fixtureProblems: string[];
  close: () => Promise<void>;
}

/** A real HTTP server on 127.0.0.1 answering canned JSON per method and path. */
export async function startTestServer(routes: TestRoute[] = []): Promise<TestServer> {
  const { createServer } = await import('node:http');
  let current = routes;
  const requests: TestServer['requests'] = [];
  const fixtureProblems: string[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const seen = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        body,
        authorization: req.headers.authorization,
        answered: false,
        receivedAt: Date.now(),
      };
      requests.push(seen);
      const url = new URL(req.url ?? '/', 'http://test');
      const route = current.find(
        (r) =>
          r.method === req.method &&
          (typeof r.path === 'string' ? r.path === url.pathname : r.path.test(url.pathname)) &&
          Object.entries(r.query ?? {}).every(([name, value]) => url.searchParams.get(name) === value),
      );
      if (!route && req.method === 'OPTIONS') {
        // A CORS preflight, as jsdom's XMLHttpRequest sends before an upload with progress listeners.
        seen.answered = true;
        res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, POST, PUT', 'Access-Control-Allow-Headers': '*' });
        res.end();
        return;
      }
      const problem = route && !route.offContract ? fixtureProblem(seen.method, url, route.status, route.body) : null;
      if (problem) fixtureProblems.push(problem);
      const status = problem ? 500 : (route?.status ?? 404);
      const payload = problem ? { message: problem } : route ? route.body : { message: 'Not found' };
      setTimeout(() => {
        // Sent, unless the client has given up on the request meanwhile.
        seen.answered = true;
        // Any origin may read it: jsdom's XMLHttpRequest (uploads) applies CORS, as a browser would.
        res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
        res.end(payload === undefined ? '' : JSON.stringify(payload));
      }, route?.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    fixtureProblems,
    setRoutes(next) {
      current = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * For a test file whose components call `fetch`: starts a test server before the file's tests and
 * points `globalThis.fetch` at it, empties its routes and request log before each test, and stops
 * it after the file. Call it at the top level of the file; the handle is usable inside tests.
 */
export function setupTestServer(): TestServer {
  let server: TestServer | undefined;
  const current = () => {
    if (!server) throw new Error('The test server is only there inside tests (beforeAll starts it).');
    return server;
  };
  beforeAll(async () => {
    server = await startTestServer();
    (globalThis as { fetch?: unknown }).fetch = createHttpFetch(server.origin);
  });
  afterAll(async () => {
    delete (globalThis as { fetch?: unknown }).fetch;
    await server?.close();
  });
  beforeEach(() => {
    current().setRoutes([]);
    current().requests.length = 0;
    current().fixtureProblems.length = 0;
  });
  afterEach(() => {
    // A canned answer the real service could not give makes the test's outcome meaningless.
    expect(current().fixtureProblems).toEqual([]);
  });
  return {
    get origin() {
      return current().origin;
    },
    get requests() {
      return current().requests;
    },
    get fixtureProblems() {
      return current().fixtureProblems;
    },
    setRoutes: (routes) => current().setRoutes(routes),
    close: () => current().close(),
  };
}
