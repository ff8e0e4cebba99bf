import { Navigate, Route, Routes } from 'react-router-dom';
import ProviderDashboardPage from '../features/dashboard/components/ProviderDashboardPage';
import CompletionPage from '../features/portal/components/CompletionPage';
import ProfileContentPage from '../features/portal/components/ProfileContentPage';
import ProviderPortalPage from '../features/portal/components/ProviderPortalPage';
import QualificationsPage from '../features/portal/components/QualificationsPage';

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
