import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { theme } from '@altmed/web-kit';
import { SITE_NAME } from '../lib/site';

const Wrap = styled(Link)<{ $inverted: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  text-decoration: none;
  color: ${(p) => (p.$inverted ? '#fff' : theme.colors.text)};
  font-family: ${theme.fonts.heading};
  font-size: 21px;
  font-weight: 700;
  letter-spacing: -0.01em;
`;

export function LeafMark({ size = 34, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="9" fill={inverted ? '#f7f5f0' : theme.colors.primary} />
      <path d="M16 6c5 3 8 7.5 8 12a8 8 0 0 1-16 0c0-4.5 3-9 8-12z" fill={inverted ? theme.colors.primary : '#f7f5f0'} />
      <path d="M16 11v15" stroke={inverted ? '#f7f5f0' : theme.colors.primary} strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Wrap to="/" $inverted={inverted} aria-label={`${SITE_NAME} home`}>
      <LeafMark inverted={inverted} />
      <span>{SITE_NAME}</span>
    </Wrap>
  );
}
