import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Spinner } from '@altmed/web-kit';
import { RemoteArea } from '../federation/RemoteArea';
import { ResetPasswordPage } from '../features/auth/components/ResetPasswordPage';
import { HomePage } from '../features/home/components/HomePage';
import { InfoPage } from '../features/info-pages/components/InfoPage';
import { AppLayout } from './AppLayout';

// The account page fetches with react-query: loaded when opened, not with the home page.
const AccountPage = lazy(() => import('../features/account/components/AccountPage').then(({ AccountPage: Page }) => ({ default: Page })));

/**
 * The route table of SPEC §2. Each remote route mounts one exposed module of its remote; the
 * admin remote brings its own nested routes and layout under /admin/*. Who may open a page is
 * web-kit's ROUTE_ACCESS, checked by the layout before a remote is loaded.
 */
export const remoteRoutes = [
  { path: '/provider-portal', remote: 'mfe_provider', module: 'ProviderPortalPage' },
  { path: '/qualifications', remote: 'mfe_provider', module: 'QualificationsPage' },
  { path: '/profile-content', remote: 'mfe_provider', module: 'ProfileContentPage' },
  { path: '/completion', remote: 'mfe_provider', module: 'CompletionPage' },
  { path: '/provider/profile', remote: 'mfe_provider', module: 'ProviderDashboardPage' },
  { path: '/provider-profile/:providerId', remote: 'mfe_member', module: 'ProviderProfilePage' },
  { path: '/admin/*', remote: 'mfe_admin', module: 'AdminApp' },
] as const;

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/how', element: <InfoPage page="how" /> },
      { path: '/about', element: <InfoPage page="about" /> },
      { path: '/faq', element: <InfoPage page="faq" /> },
      { path: '/contact', element: <InfoPage page="contact" /> },
      { path: '/privacy', element: <InfoPage page="privacy" /> },
      { path: '/terms', element: <InfoPage page="terms" /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      {
        path: '/account',
        element: (
          <Suspense fallback={<Spinner label="Loading your membership" />}>
            <AccountPage />
          </Suspense>
        ),
      },
      ...remoteRoutes.map(({ path, remote, module }) => ({
        path,
        element: <RemoteArea remote={remote} module={module} />,
      })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
