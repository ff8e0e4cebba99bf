import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createSessionStore, SessionProvider, type SessionStore } from '@altmed/web-kit';
import { StandaloneRoutes } from '../app/StandaloneRoutes';

/** Renders this remote's routes at `path`. */
export function renderRoutes(path: string, store: SessionStore = createSessionStore(window.localStorage)) {
  const location = { pathname: path };
  function Probe() {
    location.pathname = useLocation().pathname;
    return null;
  }
  const utils = render(
    <SessionProvider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <StandaloneRoutes />
        <Probe />
      </MemoryRouter>
    </SessionProvider>,
  );
  return { ...utils, location };
}
