import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '@altmed/web-kit';
import { COPYRIGHT_YEAR } from '@altmed/contracts/web';
import { Logo } from '../../../components/Logo';
import { SITE_NAME, SITE_TAGLINE } from '../../../lib/site';
import { useAdminEntrance } from '../hooks/useAdminEntrance';

const Wrap = styled.footer`
  background: ${theme.colors.primaryDark};
  color: rgba(255, 255, 255, 0.82);
  margin-top: auto;
`;

const Inner = styled.div`
  max-width: ${theme.maxContentWidth};
  margin: 0 auto;
  padding: 48px 24px 28px;
  display: grid;
  grid-template-columns: 1.4fr 1fr 1fr;
  gap: 40px;
  ${theme.mobile} {
    grid-template-columns: 1fr;
    gap: 28px;
    padding: 40px 20px 24px;
  }
`;

const Tagline = styled.p`
  margin-top: 14px;
  max-width: 340px;
  font-size: 15px;
`;

const ColumnTitle = styled.h3`
  font-family: ${theme.fonts.body};
  font-size: 13px;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: #fff;
  margin-bottom: 12px;
`;

const LinkList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
  a {
    display: inline-block;
    padding: 4px 0;
    min-height: 24px;
    color: rgba(255, 255, 255, 0.86);
    text-decoration: none;
    font-size: 16px;
    &:hover {
      color: #fff;
      text-decoration: underline;
    }
  }
`;

const Bottom = styled.div`
  max-width: ${theme.maxContentWidth};
  margin: 0 auto;
  padding: 18px 24px 26px;
  border-top: 1px solid rgba(255, 255, 255, 0.14);
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  font-size: 14px;
`;

/** Deliberately inconspicuous: the admin entrance (SPEC §2). */
const HiddenButton = styled.button`
  width: 10px;
  height: 10px;
  padding: 0;
  border: none;
  border-radius: 50%;
  background: rgba(255, 255, 255, 0.08);
  cursor: default;
`;

/** The footer of non-admin pages: tagline, links, copyright and the hidden admin entrance. */
export function Footer() {
  const navigate = useNavigate();
  const unlock = useCallback(() => void navigate('/admin/promo-codes'), [navigate]);
  const onHiddenClick = useAdminEntrance(unlock);

  return (
    <Wrap>
      <Inner>
        <div>
          <Logo inverted />
          <Tagline>{SITE_TAGLINE}</Tagline>
        </div>
        <nav aria-label="Footer: membership">
          <ColumnTitle>Membership</ColumnTitle>
          <LinkList>
            <li>
              <Link to="/how">How It Works</Link>
            </li>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/faq">FAQ</Link>
            </li>
            <li>
              <Link to="/provider-portal">Provider Sign Up</Link>
            </li>
          </LinkList>
        </nav>
        <nav aria-label="Footer: company">
          <ColumnTitle>Company</ColumnTitle>
          <LinkList>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
          </LinkList>
        </nav>
      </Inner>
      <Bottom>
        <span>
          © {COPYRIGHT_YEAR} {SITE_NAME}. All rights reserved.
        </span>
        <HiddenButton type="button" aria-label="Staff" tabIndex={-1} data-testid="admin-entrance" onClick={onHiddenClick} />
      </Bottom>
    </Wrap>
  );
}
