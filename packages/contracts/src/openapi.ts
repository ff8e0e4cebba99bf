import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { SUPPORT_EMAIL } from './constants';
import { API_ACCESS, API_ROUTES, errorResponseSchema, type ApiRoute, type ApiRouteAccess, type ApiService } from './api-routes';
export type OpenApiDocument = ReturnType<typeof createDocument>;

/** Where each service's document is served, and under which the gateway shows them together (`/api/docs`). */
export const OPENAPI_PATH = '/openapi.json';

/** `/provider-info/:id/reviews` → `/provider-info/{id}/reviews`. */
export const openApiPath = (expressPath: string) => expressPath.replace(/:([A-Za-z]+)/g, '{$1}');

const pathParameters = (expressPath: string) => [...expressPath.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => name!);

function operationOf(route: ApiRouteAccess): ZodOpenApiOperationObject {
  const operation: ApiRoute = API_ROUTES[route.key];
  const parameters = pathParameters(route.path);
  const isPublic = route.outcomes !== null && route.outcomes.anonymous === 'ok';
  const internal = route.path.startsWith('/internal/');
  const responses = Object.fromEntries(
    Object.entries(operation.responses).map(([status, schema]) => [
      status,
      schema ? { description: `HTTP ${status}`, content: { 'application/json': { schema } } } : { description: `HTTP ${status}, no body` },
    ]),
  ) as ZodOpenApiOperationObject['responses'];
  responses.default = {
    description: 'An error: 400 bad input, 401, 403, 404, 409, 413, 429 (with Retry-After), 503',
    content: { 'application/json': { schema: errorResponseSchema } },
  };
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: operation.description,
    tags: [route.service],
    ...(isPublic ? { security: [] } : internal ? { security: [{ serviceToken: [] }] } : {}),
    requestParams: {
      ...(parameters.length > 0 ? { path: z.object(Object.fromEntries(parameters.map((name) => [name, z.string()]))) } : {}),
      ...(operation.query ? { query: operation.query } : {}),
    },
    ...(operation.body ? { requestBody: { required: true, content: { 'application/json': { schema: operation.body } } } } : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of one service's routes, generated from the access map and the zod
 * schemas the service validates with (never written by hand). Paths are as the service serves them;
 * through the gateway they are under `/api` (internal routes and the keys are not routed there).
 */
export function openApiDocument(service: ApiService, version = '0.1.0'): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of API_ACCESS.filter((entry) => entry.service === service)) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: `svc-${service}`,
      version,
      description: `The API of svc-${service} of the Altmed membership marketplace.`,
      contact: { name: 'Altmed support', email: SUPPORT_EMAIL },
    },
    security: [{ bearer: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token from POST /users/login or /users/signup (ES256)' },
        serviceToken: { type: 'apiKey', in: 'header', name: 'x-service-token', description: 'INTERNAL_API_TOKEN, service to service only' },
      },
    },
    paths,
  });
}
