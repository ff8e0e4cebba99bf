import { Toaster, type SessionStore } from '@altmed/web-kit';
import { renderAtPath } from '@altmed/web-kit/src/testing/renderAtPath';
import { AppRoutes } from '../app/App';

/** Renders the shell's real route table at `path` with its own session store. */
export function renderApp(path: string, store?: SessionStore) {
  return renderAtPath(
    path,
    <>
      <AppRoutes />
      <Toaster />
    </>,
    store,
  );
}

/** Makes window.matchMedia report a viewport `width` pixels wide. */
export function setViewportWidth(width: number) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query);
      const min = /min-width:\s*(\d+)px/.exec(query);
      const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addEventListener() {},
        removeEventListener() {},
        addListener() {},
        removeListener() {},
        dispatchEvent: () => false,
      };
    },
  });
}
