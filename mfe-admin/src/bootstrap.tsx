import { Navigate, Route, Routes } from 'react-router-dom';
import { renderStandaloneRemote } from '@altmed/web-kit/src/standalone';
import AdminApp from './app/AdminApp';

/** Standalone mode (`npm run dev -w mfe-admin`): the admin area without the shell. */
renderStandaloneRemote(
  <Routes>
    <Route path="/admin/*" element={<AdminApp />} />
    <Route path="*" element={<Navigate to="/admin/login" replace />} />
  </Routes>,
);
