import { matchPath } from 'react-router-dom';
import { getSessionStore, guardDecision, type SessionState } from '@altmed/web-kit';
import { loadRemoteComponent } from '../federation/loadRemoteModule';
import type { RemoteName } from '../federation/remotesConfig';
import { remoteRoutes } from './routes';

type LoadRemote = (remote: RemoteName, module: string) => Promise<unknown>;

/**
 * Starts loading the remote page being opened while the shell renders, instead of once the
 * shell's render reaches its area: the remote's manifest, entry and page chunk then download
 * beside the shell's first paint. Only for a page this session may open (the route guard decides
 * the same before the area mounts). A failure is the area's to show: it loads the same module.
 */
export function preloadRemotePage(pathname: string, session: SessionState = getSessionStore().getState(), load: LoadRemote = loadRemoteComponent): void {
  if (!guardDecision(pathname, session).allowed) return;
  const route = remoteRoutes.find(({ path }) => matchPath(path, pathname));
  if (route) load(route.remote, route.module).catch(() => undefined);
}
