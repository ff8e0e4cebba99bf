import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Spinner } from '@altmed/web-kit';
import { RemoteArea } from '../federation/RemoteArea';
import { HomePage } from '../features/home';
import { AppLayout } from './AppLayout';

// Pages other than home load when opened, so the home page and the remotes' pages do not carry
// them (the account page also brings react-query).
const AccountPage = lazy(() => import('../features/account').then(({ AccountPage: Page }) => ({ default: Page })));
const InfoPage = lazy(() => import('../features/info-pages').then(({ InfoPage: Page }) => ({ default: Page })));
const ResetPasswordPage = lazy(() => import('../features/password-reset').then(({ ResetPasswordPage: Page }) => ({ default: Page })));

/**
 * The route table of SPEC §2. Each remote route mounts one exposed module of its remote; the
 * admin remote brings its own nested routes and layout under /admin/*. Who may open a page is
 * web-kit's ROUTE_ACCESS, checked by the layout before a remote is loaded.
 */
const loaded = (page: ReactNode, label = 'Loading...') => <Suspense fallback={<Spinner label={label} />}>{page}</Suspense>;

export const remoteRoutes = [
  { path: '/provider-portal', remote: 'mfe_provider', module: 'ProviderPortalPage' },
  { path: '/qualifications', remote: 'mfe_provider', module: 'QualificationsPage' },
  { path: '/profile-content', remote: 'mfe_provider', module: 'ProfileContentPage' },
  { path: '/completion', remote: 'mfe_provider', module: 'CompletionPage' },
  { path: '/provider/profile', remote: 'mfe_provider', module: 'ProviderDashboardPage' },
  { path: '/providers', remote: 'mfe_member', module: 'DirectoryPage' },
  { path: '/provider-profile/:providerId', remote: 'mfe_member', module: 'ProviderProfilePage' },
  { path: '/compare', remote: 'mfe_member', module: 'ComparePage' },
  { path: '/admin/*', remote: 'mfe_admin', module: 'AdminApp' },
] as const;

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/how', element: loaded(<InfoPage page="how" />) },
      { path: '/about', element: loaded(<InfoPage page="about" />) },
      { path: '/faq', element: loaded(<InfoPage page="faq" />) },
      { path: '/contact', element: loaded(<InfoPage page="contact" />) },
      { path: '/privacy', element: loaded(<InfoPage page="privacy" />) },
      { path: '/terms', element: loaded(<InfoPage page="terms" />) },
      { path: '/reset-password', element: loaded(<ResetPasswordPage />) },
      {
        path: '/account',
        element: loaded(<AccountPage />, 'Loading your membership'),
      },
      ...remoteRoutes.map(({ path, remote, module }) => ({
        path,
        element: <RemoteArea remote={remote} module={module} />,
      })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
