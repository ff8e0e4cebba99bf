import type { ApiPathParameters, ApiQuery, ApiRequestBody, ApiResponseBody, ApiRouteKey } from '@altmed/contracts/web';
import { apiRequest, type ApiRequestOptions } from './apiRequest';

type Given<Part, Field extends string> = [Part] extends [never] ? { [Name in Field]?: never } : { [Name in Field]: Part };
type GivenIfAny<Part, Field extends string> = [Part] extends [never] ? { [Name in Field]?: never } : { [Name in Field]?: Part };

/** A call's parts, as its route in the contracts' API_ROUTES takes them: path parameters, query and body only where it has them. */
export type ApiCallOptions<Key extends ApiRouteKey> = Omit<ApiRequestOptions, 'method' | 'body'> &
  Given<keyof ApiPathParameters<Key> extends never ? never : ApiPathParameters<Key>, 'params'> &
  GivenIfAny<ApiQuery<Key> | URLSearchParams, 'query'> &
  Given<ApiRequestBody<Key>, 'body'>;

/** The query string of a call, without the parameters left out or empty. */
function queryString(query: Record<string, string | number | undefined> | URLSearchParams | undefined): string {
  const params = new URLSearchParams();
  const entries = query instanceof URLSearchParams ? [...query.entries()] : Object.entries(query ?? {});
  for (const [name, value] of entries) if (value !== undefined && value !== '') params.append(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls one route of the API by its key in the contracts' table (`'PUT /provider-info/:id'`): the
 * compiler checks the path parameters, query and body against the route, and the answer has the
 * type of its success schema. Errors as {@link apiRequest}'s.
 */
export function apiCall<Key extends ApiRouteKey>(route: Key, options: ApiCallOptions<Key>): Promise<ApiResponseBody<Key>> {
  const { params, query, body, ...request } = options as ApiCallOptions<Key> & {
    params?: Record<string, string>;
    query?: Record<string, string | number | undefined> | URLSearchParams;
    body?: unknown;
  };
  const [method, pattern] = route.split(' ') as [NonNullable<ApiRequestOptions['method']>, string];
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  return apiRequest<ApiResponseBody<Key>>(`${path}${queryString(query)}`, { ...request, method, body });
}
