/**
 * @jest-environment node
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiCall } from './apiCall';

let server: Server;
let baseUrl: string;
const seen: { method?: string; url?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, body });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ answered: req.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
});

it('fills the route’s path parameters, escaped, and sends its method and body', async () => {
  await apiCall('PUT /admins/reviews/:reviewId/status', {
    params: { reviewId: 'a/b c' },
    body: { action: 'approve' },
    token: 't',
    defaultError: 'failed',
    baseUrl,
  });
  expect(seen).toEqual([{ method: 'PUT', url: '/api/admins/reviews/a%2Fb%20c/status', body: '{"action":"approve"}' }]);
});

it('writes the query without the parameters left out or empty', async () => {
  await apiCall('GET /admins/providers', { query: { status: 'pending', search: '', page: 2 }, token: 't', defaultError: 'failed', baseUrl });
  await apiCall('GET /directory/providers', { query: new URLSearchParams('q=reiki&city='), token: null, defaultError: 'failed', baseUrl });
  await apiCall('GET /users/me', { token: 't', defaultError: 'failed', baseUrl });
  expect(seen.map(({ url }) => url)).toEqual(['/api/admins/providers?status=pending&page=2', '/api/directory/providers?q=reiki', '/api/users/me']);
});

/** Never called: the typecheck of `npm test` fails when a call that the route does not take compiles. */
export function callsTheCompilerRefuses(): void {
  // @ts-expect-error: the route has a path parameter
  void apiCall('GET /provider-info/:id', { defaultError: 'failed' });
  // @ts-expect-error: the route has no body
  void apiCall('GET /users/me', { body: {}, defaultError: 'failed' });
  // @ts-expect-error: the body lacks the action
  void apiCall('PUT /admins/reviews/:reviewId/status', { params: { reviewId: 'r' }, body: {}, defaultError: 'failed' });
  // @ts-expect-error: no such route
  void apiCall('GET /nowhere', { defaultError: 'failed' });
  // @ts-expect-error: no such query parameter
  void apiCall('GET /admins/providers', { query: { colour: 'red' }, defaultError: 'failed' });
}
