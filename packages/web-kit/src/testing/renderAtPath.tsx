/**
 * Test helper (not exported from the package index, so never bundled): renders `routes` inside a
 * MemoryRouter at `path`, under a SessionProvider with its own store, and reports where the router
 * ends up (`location.pathname` follows navigation).
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SessionProvider } from '../session/SessionContext';
import { createSessionStore, type SessionStore } from '../session/sessionStore';

export function renderAtPath(path: string, routes: ReactNode, store: SessionStore = createSessionStore(window.localStorage)) {
  const location = { pathname: path };
  function Probe() {
    location.pathname = useLocation().pathname;
    return null;
  }
  const utils = render(
    <SessionProvider store={store}>
      <MemoryRouter initialEntries={[path]}>
        {routes}
        <Probe />
      </MemoryRouter>
    </SessionProvider>,
  );
  return { ...utils, location, store };
}
