import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { RouteGuard } from '@altmed/web-kit';
import { Footer, Header } from '../features/layout';
import { AuthDialogsProvider } from './AuthDialogsProvider';
import { pageTitleFor } from './pageTitles';

/** Header, content and footer on one grid: the content row takes what the other two leave. */
const Page = styled.div`
  min-height: 100vh;
  display: grid;
  grid-template-rows: auto 1fr auto;
  grid-template-columns: minmax(0, 1fr);
`;

const Main = styled.main`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const SkipLink = styled.a`
  position: absolute;
  left: 12px;
  top: -60px;
  z-index: 3000;
  padding: 10px 16px;
  border-radius: 8px;
  background: #fff;
  color: #154542;
  font-weight: 600;
  &:focus {
    top: 12px;
  }
`;

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * Public pages get the header and footer; admin pages (SPEC §2) hide both. Every page passes the
 * route guard (web-kit's ROUTE_ACCESS) before its content, and a remote's code, is loaded.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const admin = isAdminPath(pathname);

  useEffect(() => {
    window.scrollTo?.(0, 0);
    document.title = pageTitleFor(pathname);
  }, [pathname]);

  if (admin) {
    return (
      <RouteGuard>
        <Outlet />
      </RouteGuard>
    );
  }
  return (
    <AuthDialogsProvider>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Page>
        <Header />
        <Main id="main" tabIndex={-1}>
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        </Main>
        <Footer />
      </Page>
    </AuthDialogsProvider>
  );
}
