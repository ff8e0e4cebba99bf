import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '@altmed/web-kit';
import { AdminLayout } from '../components/AdminLayout';
import { AdminLoginPage } from '../features/auth';

// The list pages (and react-query with them) load when opened, so the login page stays light.
const ProvidersPage = lazy(() => import('../features/providers').then((m) => ({ default: m.ProvidersPage })));
const PromoCodesPage = lazy(() => import('../features/promo-codes').then((m) => ({ default: m.PromoCodesPage })));
const ReviewsPage = lazy(() => import('../features/reviews').then((m) => ({ default: m.ReviewsPage })));
// Users Management: the list and a member's page come in one chunk.
const MembersPage = lazy(() => import('../features/members').then((m) => ({ default: m.MembersPage })));
const MemberPage = lazy(() => import('../features/members').then((m) => ({ default: m.MemberPage })));
// Admin Settings and the page an invitation email links to come in one chunk.
const AdminSettingsPage = lazy(() => import('../features/administrators').then((m) => ({ default: m.AdminSettingsPage })));
const AcceptInvitationPage = lazy(() => import('../features/administrators').then((m) => ({ default: m.AcceptInvitationPage })));
const OrdersPage = lazy(() => import('../features/orders').then((m) => ({ default: m.OrdersPage })));
const SupportPage = lazy(() => import('../features/support').then((m) => ({ default: m.SupportPage })));
// The Dashboard and the Analytics Dashboard: a chunk each, and one they share (the figures' calls, the bar chart).
const DashboardPage = lazy(() => import('../features/dashboard').then((m) => ({ default: m.DashboardPage })));
const AnalyticsPage = lazy(() => import('../features/analytics').then((m) => ({ default: m.AnalyticsPage })));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner />}>{children}</Suspense>;
}

/**
 * The admin area, mounted by the shell on /admin/* (exposed as `mfe_admin/AdminApp`). Paths are
 * relative to /admin. Unknown admin paths go to the home page, like every unknown path. The
 * invitation page is open to anyone, so it sits outside AdminLayout's route guard.
 */
export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route path="login" element={<AdminLoginPage />} />
        <Route
          path="providers"
          element={
            <Loading>
              <ProvidersPage />
            </Loading>
          }
        />
        <Route
          path="reviews"
          element={
            <Loading>
              <ReviewsPage />
            </Loading>
          }
        />
        <Route
          path="promo-codes"
          element={
            <Loading>
              <PromoCodesPage />
            </Loading>
          }
        />
        <Route
          path="dashboard"
          element={
            <Loading>
              <DashboardPage />
            </Loading>
          }
        />
        <Route
          path="users"
          element={
            <Loading>
              <MembersPage />
            </Loading>
          }
        />
        <Route
          path="users/:userId"
          element={
            <Loading>
              <MemberPage />
            </Loading>
          }
        />
        <Route
          path="orders"
          element={
            <Loading>
              <OrdersPage />
            </Loading>
          }
        />
        <Route
          path="analytics"
          element={
            <Loading>
              <AnalyticsPage />
            </Loading>
          }
        />
        <Route
          path="settings"
          element={
            <Loading>
              <AdminSettingsPage />
            </Loading>
          }
        />
        <Route
          path="support"
          element={
            <Loading>
              <SupportPage />
            </Loading>
          }
        />
      </Route>
      {/* Outside the layout and its guard: whoever holds an invitation link is not an admin yet. */}
      <Route
        path="accept-invitation"
        element={
          <Loading>
            <AcceptInvitationPage />
          </Loading>
        }
      />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
