import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createSessionStore, SessionProvider, type SessionStore } from '@altmed/web-kit';
import AdminApp from '../app/AdminApp';

/** Mounts AdminApp on /admin/* the way the shell does, at `path`. */
export function renderAdmin(path: string, store: SessionStore = createSessionStore(window.localStorage)) {
  const location = { pathname: path };
  function Probe() {
    location.pathname = useLocation().pathname;
    return null;
  }
  const utils = render(
    <SessionProvider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/*" element={<AdminApp />} />
          <Route path="/" element={<p>home page</p>} />
        </Routes>
        <Probe />
      </MemoryRouter>
    </SessionProvider>,
  );
  return { ...utils, location, store };
}

export const adminUser = { id: 'a1', name: 'Ada Admin', email: 'admin@example.com', role: 'admin' as const, isAdmin: true };
