import { API_ACCESS } from './api-access';
import { API_OPERATIONS } from './api-operations';
import { openApiDocument, openApiPath } from './openapi';

it('describes exactly the routes of the access map', () => {
  const routes = API_ACCESS.map((route) => `${route.method} ${route.path}`).sort();
  expect(Object.keys(API_OPERATIONS).sort()).toEqual(routes);
});

it('generates each service’s document from its routes, with path parameters, bodies and error answers', () => {
  const providers = openApiDocument('providers');
  const paths = Object.keys(providers.paths ?? {});
  expect(paths).toContain('/provider-info/{id}/reviews/mine');
  const status = providers.paths!['/admins/providers/{id}/status']!.put!;
  expect(status.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
  expect(status.requestBody).toBeDefined();
  expect(Object.keys(status.responses ?? {})).toEqual(['200', 'default']);
  // Visitors' routes need no token; the rest take the bearer token of the document.
  expect(providers.paths!['/provider-info']!.post!.security).toEqual([]);
  expect(status.security).toBeUndefined();
  expect(providers.security).toEqual([{ bearer: [] }]);
  expect(openApiDocument('identity').paths!['/internal/provider-accounts/{providerId}']!.put!.security).toEqual([{ serviceToken: [] }]);
});

it('writes express paths the OpenAPI way', () => {
  expect(openApiPath('/saved-providers/:providerId')).toBe('/saved-providers/{providerId}');
  expect(openApiPath('/users/me')).toBe('/users/me');
});
