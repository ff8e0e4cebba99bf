import { Route, Routes } from 'react-router-dom';
import type { SessionStore } from '@altmed/web-kit';
import { accountFixture } from '@altmed/web-kit/src/testing/fixtures';
import { renderAtPath } from '@altmed/web-kit/src/testing/renderAtPath';
import AdminApp from '../app/AdminApp';

/** Mounts AdminApp on /admin/* the way the shell does, at `path`. */
export function renderAdmin(path: string, store?: SessionStore) {
  return renderAtPath(
    path,
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
      <Route path="/" element={<p>home page</p>} />
    </Routes>,
    store,
  );
}

export const adminUser = accountFixture({ id: 'a1', name: 'Ada Admin', email: 'admin@example.com', role: 'admin' });
