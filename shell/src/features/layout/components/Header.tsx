import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, theme, useSession } from '@altmed/web-kit';
import { Logo } from '../../../components/Logo';
import { useAuthDialogs } from '../../../lib/authDialogs';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 100;
  background: rgba(255, 255, 255, 0.96);
  backdrop-filter: saturate(160%) blur(8px);
  border-bottom: 1px solid ${theme.colors.border};
`;

const Inner = styled.div`
  max-width: ${theme.maxContentWidth};
  margin: 0 auto;
  padding: 14px 24px;
  display: flex;
  align-items: center;
  gap: 24px;
  ${theme.mobile} {
    padding: 12px 16px;
  }
`;

const Menu = styled.nav<{ $open: boolean }>`
  flex: 1;
  display: flex;
  align-items: center;
  gap: 28px;
  ${theme.mobile} {
    display: ${(p) => (p.$open ? 'flex' : 'none')};
    position: absolute;
    top: 100%;
    left: 0;
    right: 0;
    flex-direction: column;
    align-items: stretch;
    gap: 4px;
    padding: 12px 16px 20px;
    background: ${theme.colors.surface};
    border-bottom: 1px solid ${theme.colors.border};
    box-shadow: ${theme.shadows.md};
  }
`;

const Links = styled.ul`
  list-style: none;
  margin: 0 0 0 auto;
  padding: 0;
  display: flex;
  align-items: center;
  gap: 26px;
  ${theme.mobile} {
    margin: 0;
    flex-direction: column;
    align-items: stretch;
    gap: 0;
  }
`;

const MenuLink = styled(NavLink)`
  color: ${theme.colors.text};
  text-decoration: none;
  font-weight: 500;
  font-size: 15px;
  padding: 6px 0;
  border-bottom: 2px solid transparent;
  &:hover {
    color: ${theme.colors.primary};
  }
  &.active {
    color: ${theme.colors.primary};
    border-bottom-color: ${theme.colors.accent};
  }
  ${theme.mobile} {
    display: block;
    padding: 12px 4px;
    border-bottom: 1px solid ${theme.colors.surfaceMuted};
    &.active {
      border-bottom-color: ${theme.colors.surfaceMuted};
    }
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  ${theme.mobile} {
    margin-top: 12px;
    flex-direction: column;
    align-items: stretch;
  }
`;

const Greeting = styled(Link)`
  font-size: 15px;
  color: ${theme.colors.textMuted};
  text-decoration: none;
  border-radius: ${theme.radii.sm};
  &:hover strong {
    text-decoration: underline;
  }
  strong {
    color: ${theme.colors.text};
  }
  ${theme.mobile} {
    padding: 6px 4px;
  }
`;

const Toggle = styled.button`
  display: none;
  margin-left: auto;
  width: 44px;
  height: 44px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  cursor: pointer;
  align-items: center;
  justify-content: center;
  ${theme.mobile} {
    display: inline-flex;
  }
`;

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" stroke={theme.colors.text} strokeWidth="2" strokeLinecap="round">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

/** The public header (SPEC §2): logo, links, Provider Sign Up, Login/Join or greeting + Logout. */
export function Header() {
  const { isLoggedIn, user, logout } = useSession();
  const { openLogin, openJoin } = useAuthDialogs();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // The menu closes whenever the page changes (state adjusted during render, not in an effect).
  const [menuPage, setMenuPage] = useState(location.pathname);
  if (menuPage !== location.pathname) {
    setMenuPage(location.pathname);
    setOpen(false);
  }

  const handleLogout = () => {
    logout();
    void navigate('/login');
  };

  return (
    <Bar>
      <Inner>
        <Logo />
        <Toggle type="button" aria-label={open ? 'Close menu' : 'Open menu'} aria-expanded={open} aria-controls="site-menu" onClick={() => setOpen((v) => !v)}>
          <MenuIcon open={open} />
        </Toggle>
        <Menu id="site-menu" $open={open} aria-label="Main">
          <Links>
            <li>
              <MenuLink to="/providers">Find a Provider</MenuLink>
            </li>
            <li>
              <MenuLink to="/how">How It Works</MenuLink>
            </li>
            <li>
              <MenuLink to="/about">About</MenuLink>
            </li>
            <li>
              <MenuLink to="/faq">FAQ</MenuLink>
            </li>
            {!isLoggedIn ? (
              <li>
                <MenuLink to="/provider-portal">Provider Sign Up</MenuLink>
              </li>
            ) : null}
          </Links>
          <Actions>
            {isLoggedIn && user ? (
              <>
                <Greeting to="/account" onClick={() => setOpen(false)} aria-label={`Hello, ${user.name}: my membership`}>
                  Hello, <strong>{user.name}</strong>
                </Greeting>
                <Button variant="outline" size="sm" onClick={handleLogout}>
                  Logout
                </Button>
              </>
            ) : (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    setOpen(false);
                    openLogin();
                  }}
                >
                  Login
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setOpen(false);
                    openJoin();
                  }}
                >
                  Join
                </Button>
              </>
            )}
          </Actions>
        </Menu>
      </Inner>
    </Bar>
  );
}
