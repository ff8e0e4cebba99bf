import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Footer } from '../features/layout/components/Footer';
import { Header } from '../features/layout/components/Header';
import { AuthDialogsProvider } from './AuthDialogsProvider';

const Page = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Main = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
`;

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** Public pages get the header and footer; admin pages (SPEC §2) hide both. */
export function AppLayout() {
  const { pathname } = useLocation();
  const admin = isAdminPath(pathname);

  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);

  if (admin) return <Outlet />;
  return (
    <AuthDialogsProvider>
      <Page>
        <Header />
        <Main id="main">
          <Outlet />
        </Main>
        <Footer />
      </Page>
    </AuthDialogsProvider>
  );
}
