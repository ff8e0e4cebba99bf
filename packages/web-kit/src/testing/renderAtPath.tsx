/**
 * Test helper (not exported from the package index, so never bundled): renders `routes` inside a
 * MemoryRouter at `path`, under a SessionProvider with its own store, and reports where the router
 * ends up (`location.pathname` follows navigation). Each render gets a fresh query client, as a
 * fresh page would.
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryProvider, createQueryClient } from '../query';
import { SessionProvider } from '../session/SessionContext';
import { createSessionStore, type SessionStore } from '../session/sessionStore';

export function renderAtPath(path: string, routes: ReactNode, store: SessionStore = createSessionStore(window.localStorage)) {
  const location = { pathname: path, search: '' };
  function Probe() {
    ({ pathname: location.pathname, search: location.search } = useLocation());
    return null;
  }
  const utils = render(
    <SessionProvider store={store}>
      <QueryProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          {routes}
          <Probe />
        </MemoryRouter>
      </QueryProvider>
    </SessionProvider>,
  );
  return { ...utils, location, store };
}
