import { Navigate, Route, Routes } from 'react-router-dom';
import { ProviderDashboardPage } from '../features/dashboard';
import { CompletionPage, ProfileContentPage, ProviderPortalPage, QualificationsPage } from '../features/portal';

/** This remote's routes as the shell mounts them (SPEC §2), for running the remote on its own. */
export function StandaloneRoutes() {
  return (
    <Routes>
      <Route path="/provider-portal" element={<ProviderPortalPage />} />
      <Route path="/qualifications" element={<QualificationsPage />} />
      <Route path="/profile-content" element={<ProfileContentPage />} />
      <Route path="/completion" element={<CompletionPage />} />
      <Route path="/provider/profile" element={<ProviderDashboardPage />} />
      <Route path="*" element={<Navigate to="/provider-portal" replace />} />
    </Routes>
  );
}
