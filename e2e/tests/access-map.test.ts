import { randomUUID } from 'node:crypto';
import { API_ACCESS, openApiPath, type ApiCaller } from '@altmed/contracts';
import { E2E_ADMIN, apiLogin, apiSignupMember, apiSignupProvider, url } from '../support/browser';

/**
 * Every route of the access map (API_ACCESS in @altmed/contracts) called through the gateway as
 * each kind of caller, with an empty body and records that are not the caller's: who gets past
 * authorization and who is refused with which status. Each service's own tests check that the
 * routes it serves are exactly its entries in the map, and the gateway documents them at /api/docs.
 */
let tokens: Record<ApiCaller, string | null>;

beforeAll(async () => {
  const [member, provider, admin] = await Promise.all([
    apiSignupMember('Access Map Member'),
    apiSignupProvider('Dr. Access Map').then(({ token }) => token),
    apiLogin(E2E_ADMIN.email, E2E_ADMIN.password),
  ]);
  tokens = { anonymous: null, member: member.token, provider, admin: admin.token };
});

const callers: ApiCaller[] = ['anonymous', 'member', 'provider', 'admin'];
const pathOf = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, () => randomUUID());

async function call(method: string, path: string, token: string | null): Promise<number> {
  const response = await fetch(url(`/api${path}`), {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    body: method === 'GET' ? undefined : '{}',
  });
  await response.body?.cancel();
  return response.status;
}

describe.each(API_ACCESS.filter((route) => route.outcomes).map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_name, route) => {
  it.each(callers)('as %s', async (caller) => {
    const status = await call(route.method, pathOf(route.path), tokens[caller]);
    const expected = route.outcomes![caller];
    if (expected === 'ok') expect([401, 403]).not.toContain(status);
    else expect(status).toBe(expected);
  });
});

it.each(API_ACCESS.filter((route) => !route.outcomes).map((route) => [`${route.method} ${route.path}`, route] as const))(
  'never exposes %s through the gateway',
  async (_name, route) => {
    expect(await call(route.method, pathOf(route.path), tokens.admin)).toBe(404);
  },
);

it('shows at /api/docs one OpenAPI document of every route above that the gateway exposes, from the running services', async () => {
  const response = await fetch(url('/api/docs'));
  expect(response.status).toBe(200);
  const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>>; 'x-unavailable': string[] };
  expect(document.openapi).toBe('3.1.0');
  expect(document['x-unavailable']).toEqual([]);
  const documented = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
  const exposed = API_ACCESS.filter((route) => route.outcomes).map((route) => `${route.method} ${openApiPath(route.path)}`);
  expect(documented.sort()).toEqual(exposed.sort());
});
