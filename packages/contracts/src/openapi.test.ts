import { API_ROUTES, API_SERVICES } from './api-routes';
import { openApiDocument, openApiPath } from './openapi';

it('names each operation once, and describes it, for the people who generate clients', () => {
  const operationIds = Object.values(API_ROUTES).map((route) => route.operationId);
  expect(new Set(operationIds).size).toBe(operationIds.length);
  for (const id of operationIds) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
  const documented = API_SERVICES.flatMap((service) =>
    Object.values(openApiDocument(service).paths ?? {}).flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string; description?: string }>),
    ),
  );
  expect(documented.map((operation) => operation.operationId).sort()).toEqual([...operationIds].sort());
  expect(documented.filter((operation) => !operation.description)).toEqual([]);
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
