import { API_ACCESS, CLIENT_REPORTS_PATH } from '@altmed/contracts';
import type { Remote } from '../config';

/** The gateway's own documents and probes, each counted under its path. */
const OWN_PATHS = new Set(['/healthz', '/readyz', '/statusz', '/remotes.json', '/payment-config.json', '/api/docs', CLIENT_REPORTS_PATH]);

const exposedRoutes = API_ACCESS.filter((route) => route.outcomes).map((route) => ({
  method: route.method,
  label: `/api${route.path}`,
  pattern: new RegExp(`^${route.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`),
}));

/**
 * The pattern a request is counted under in the gateway's metrics, never its raw path (no ids, no
 * search words): an API route as the route table names it (`/api/provider-info/:id`), a remote's
 * files, the gateway's own documents, or the shell's pages and files.
 */
export function routeLabel(method: string | undefined, url: string | undefined, remotes: Pick<Remote, 'mountPath'>[]): string {
  const path = (url ?? '/').split('?')[0]!;
  if (OWN_PATHS.has(path)) return path;
  if (path === '/api' || path.startsWith('/api/')) {
    const apiPath = path.slice('/api'.length);
    return exposedRoutes.find((route) => route.method === method && route.pattern.test(apiPath))?.label ?? '/api (no such route)';
  }
  const remote = remotes.find(({ mountPath }) => path.startsWith(`${mountPath}/`));
  if (remote) return `${remote.mountPath}/*`;
  if (path.startsWith('/remotes/')) return '/remotes (no such remote)';
  return '/* (shell)';
}
