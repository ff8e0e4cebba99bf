import type { SessionStore } from '@altmed/web-kit';
import { renderAtPath } from '@altmed/web-kit/src/testing/renderAtPath';
import { StandaloneRoutes } from '../app/StandaloneRoutes';

/** Renders this remote's routes at `path`. */
export function renderRoutes(path: string, store?: SessionStore) {
  return renderAtPath(path, <StandaloneRoutes />, store);
}
