import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminLayout } from '../components/AdminLayout';
import { AdminLoginPage } from '../features/auth/components/AdminLoginPage';
import { PlaceholderPage } from '../features/placeholders/components/PlaceholderPage';
import { PromoCodesPage } from '../features/promo-codes/components/PromoCodesPage';
import { ProvidersPage } from '../features/providers/components/ProvidersPage';

/**
 * The admin area, mounted by the shell on /admin/* (exposed as `mfe_admin/AdminApp`). Paths are
 * relative to /admin. Unknown admin paths go to the home page, like every unknown path.
 */
export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route path="login" element={<AdminLoginPage />} />
        <Route path="providers" element={<ProvidersPage />} />
        <Route path="promo-codes" element={<PromoCodesPage />} />
        <Route path="dashboard" element={<PlaceholderPage title="Dashboard" />} />
        <Route path="users" element={<PlaceholderPage title="Users Management" />} />
        <Route path="orders" element={<PlaceholderPage title="Orders Management" />} />
        <Route path="analytics" element={<PlaceholderPage title="Analytics Dashboard" />} />
        <Route path="settings" element={<PlaceholderPage title="Admin Settings" />} />
        <Route path="support" element={<PlaceholderPage title="Support Center" />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
