import { API_ACCESS, type ApiRouteAccess } from '@altmed/contracts';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** The routes an express app (and the routers mounted on it) serves, as `METHOD path`. */
export function routeTable(app: unknown): string[] {
  const routes: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) routes.push(`${method.toUpperCase()} ${layer.route.path}`);
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as { router: { stack: Layer[] } }).router.stack);
  return routes;
}

/** What the service kit gives every service: health checks, its API document and its metrics; not routes of the access map, never behind the gateway's /api. */
const SERVICE_KIT_ROUTES = ['GET /healthz', 'GET /readyz', 'GET /openapi.json', 'GET /metrics'];

/** A service's own routes against its entries in contracts' API_ACCESS: both sorted, to compare equal. */
export function routesAgainstAccessMap(app: unknown, service: ApiRouteAccess['service']): { served: string[]; mapped: string[] } {
  return {
    served: routeTable(app)
      .filter((route) => !SERVICE_KIT_ROUTES.includes(route))
      .sort(),
    mapped: API_ACCESS.filter((entry) => entry.service === service)
      .map((entry) => `${entry.method} ${entry.path}`)
      .sort(),
  };
}

/** The test every service runs: the routes it serves are exactly its entries in the access map, so a new route cannot skip it. */
export function itServesTheRoutesOfTheAccessMap(service: ApiRouteAccess['service'], app: () => unknown): void {
  it(`serves exactly the ${service} routes of the access map (API_ACCESS in @altmed/contracts)`, () => {
    const { served, mapped } = routesAgainstAccessMap(app(), service);
    expect(served).toEqual(mapped);
  });
}
