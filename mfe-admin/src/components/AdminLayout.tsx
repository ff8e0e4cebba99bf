import { useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { RouteGuard, theme, useSession, useSessionEnd } from '@altmed/web-kit';

const SIDEBAR_WIDTH = 248;

const Shell = styled.div`
  min-height: 100vh;
  background: ${theme.colors.background};
`;

const Sidebar = styled.aside<{ $open: boolean }>`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: 200;
  width: ${SIDEBAR_WIDTH}px;
  background: ${theme.colors.primaryDark};
  color: #fff;
  display: flex;
  flex-direction: column;
  padding: 22px 14px;
  overflow-y: auto;
  transition:
    transform 0.2s ease,
    visibility 0.2s;
  ${theme.mobile} {
    transform: translateX(${(p) => (p.$open ? '0' : '-100%')});
    box-shadow: ${(p) => (p.$open ? theme.shadows.lg : 'none')};
    /* Collapsed, its links are out of the tab order and the accessibility tree too. */
    visibility: ${(p) => (p.$open ? 'visible' : 'hidden')};
  }
`;

const Brand = styled.div`
  font-family: ${theme.fonts.heading};
  font-size: 20px;
  font-weight: 700;
  padding: 4px 12px 22px;
  span {
    display: block;
    font-family: ${theme.fonts.body};
    font-size: 12px;
    font-weight: 500;
    letter-spacing: 0.1em;
    text-transform: uppercase;
    opacity: 0.7;
  }
`;

const Nav = styled.nav`
  display: flex;
  flex-direction: column;
  gap: 2px;
  flex: 1;
`;

const Item = styled(NavLink)`
  color: rgba(255, 255, 255, 0.82);
  text-decoration: none;
  padding: 10px 12px;
  border-radius: ${theme.radii.md};
  font-size: 15px;
  font-weight: 500;
  &:hover {
    background: rgba(255, 255, 255, 0.08);
    color: #fff;
  }
  &.active {
    background: rgba(255, 255, 255, 0.16);
    color: #fff;
  }
`;

const SignOut = styled.button`
  margin-top: 16px;
  text-align: left;
  padding: 10px 12px;
  border: 1px solid rgba(255, 255, 255, 0.25);
  border-radius: ${theme.radii.md};
  background: transparent;
  color: #fff;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: rgba(255, 255, 255, 0.08);
  }
`;

const TopBar = styled.div`
  display: none;
  ${theme.mobile} {
    display: flex;
    align-items: center;
    gap: 12px;
    position: sticky;
    top: 0;
    z-index: 150;
    padding: 10px 16px;
    background: ${theme.colors.surface};
    border-bottom: 1px solid ${theme.colors.border};
    font-weight: 600;
  }
`;

const MenuButton = styled.button`
  width: 40px;
  height: 40px;
  border-radius: ${theme.radii.md};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  cursor: pointer;
  font-size: 18px;
`;

const Backdrop = styled.div`
  display: none;
  ${theme.mobile} {
    display: block;
    position: fixed;
    inset: 0;
    z-index: 190;
    background: rgba(18, 31, 30, 0.45);
  }
`;

const Content = styled.main<{ $withSidebar: boolean }>`
  margin-left: ${(p) => (p.$withSidebar ? `${SIDEBAR_WIDTH}px` : '0')};
  ${theme.mobile} {
    margin-left: 0;
  }
`;

const links = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/providers', label: 'Providers' },
  { to: '/admin/reviews', label: 'Reviews' },
  { to: '/admin/promo-codes', label: 'Promo Codes' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/analytics', label: 'Analytics' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/support', label: 'Support' },
];

/**
 * Admin pages (SPEC §2): no public header/footer; a sidebar only for admins, collapsible below
 * 768px and closed on navigation. Sign Out clears the session and goes to the home page.
 */
export function AdminLayout() {
  const { isAdmin, isLoggedIn, logout } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // The menu closes whenever the page changes (state adjusted during render, not in an effect).
  const [menuPage, setMenuPage] = useState(pathname);
  if (menuPage !== pathname) {
    setMenuPage(pathname);
    setOpen(false);
  }
  const showSidebar = isLoggedIn && isAdmin;

  // The API refused the admin's token or it expired: back to the admin login.
  useSessionEnd(() => void navigate('/admin/login'));

  const signOut = () => {
    logout();
    void navigate('/');
  };

  return (
    <Shell>
      {showSidebar ? (
        <>
          <TopBar>
            <MenuButton
              type="button"
              aria-label={open ? 'Close admin menu' : 'Open admin menu'}
              aria-expanded={open}
              aria-controls="admin-sidebar"
              onClick={() => setOpen((v) => !v)}
            >
              {open ? '×' : '☰'}
            </MenuButton>
            Admin
          </TopBar>
          {open ? <Backdrop onClick={() => setOpen(false)} /> : null}
          <Sidebar id="admin-sidebar" $open={open} aria-label="Admin">
            <Brand>
              AltMed Connect<span>Admin</span>
            </Brand>
            <Nav>
              {links.map((link) => (
                <Item key={link.to} to={link.to}>
                  {link.label}
                </Item>
              ))}
            </Nav>
            <SignOut type="button" onClick={signOut}>
              Sign Out
            </SignOut>
          </Sidebar>
        </>
      ) : null}
      <Content $withSidebar={showSidebar}>
        <RouteGuard>
          <Outlet />
        </RouteGuard>
      </Content>
    </Shell>
  );
}
