/**
 * @jest-environment node
 */
import { createHttpFetch, startTestServer, type TestServer } from './httpFetch';
import { accountFixture } from './fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.fixtureProblems.length = 0;
  server.requests.length = 0;
});

const call = async (method: string, path: string) => (await fetch(`${server.origin}${path}`, { method })).status;

it('answers a canned answer that the route’s schema takes, and records nothing', async () => {
  server.setRoutes([{ method: 'GET', path: '/api/users/me', status: 200, body: { user: accountFixture() } }]);
  expect(await call('GET', '/api/users/me')).toBe(200);
  expect(server.fixtureProblems).toEqual([]);
});

it('answers 500 instead of a canned answer the service could not give, and says why', async () => {
  server.setRoutes([
    { method: 'GET', path: '/api/users/me', status: 200, body: { user: { id: 'u1' } } },
    { method: 'PUT', path: /^\/api\/saved-providers\//, status: 200, body: { saved: true } },
    { method: 'GET', path: '/api/nowhere', status: 200, body: {} },
  ]);
  expect(await call('GET', '/api/users/me')).toBe(500);
  expect(await call('PUT', '/api/saved-providers/p1')).toBe(500);
  expect(await call('GET', '/api/nowhere')).toBe(500);
  expect(server.fixtureProblems).toEqual([
    expect.stringMatching(/^GET \/users\/me: the 200 answer does not match the route's schema \(user\.name: /),
    'PUT /saved-providers/:providerId: the route does not answer 200',
    'GET /api/nowhere: no such route in the API (API_ROUTES in @altmed/contracts)',
  ]);
});

it('leaves errors, paths outside /api and answers marked off the contract unchecked', async () => {
  server.setRoutes([
    { method: 'GET', path: '/api/users/me', status: 401, body: { message: 'Invalid or expired token' } },
    { method: 'POST', path: '/storage', status: 204 },
    { method: 'POST', path: '/api/users/signup', status: 201, body: { token: 't', user: {} }, offContract: 'an account without an id' },
  ]);
  expect(await call('GET', '/api/users/me')).toBe(401);
  expect(await call('POST', '/storage')).toBe(204);
  expect(await call('POST', '/api/users/signup')).toBe(201);
  expect(server.fixtureProblems).toEqual([]);
});

it('sends a JSON body with any method, a DELETE’s too', async () => {
  server.setRoutes([{ method: 'DELETE', path: '/api/users/me', status: 400, body: { message: 'Password is incorrect' } }]);
  const testFetch = createHttpFetch(server.origin);
  const body = JSON.stringify({ password: 'pässword' });
  const response = await testFetch('/api/users/me', { method: 'DELETE', headers: { 'Content-Type': 'application/json' }, body });
  expect(response.status).toBe(400);
  expect(server.requests.map(({ method, url, body: sent }) => ({ method, url, sent }))).toEqual([
    { method: 'DELETE', url: '/api/users/me', sent: { password: 'pässword' } },
  ]);
});
