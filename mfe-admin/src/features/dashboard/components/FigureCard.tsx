import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '@altmed/web-kit';

const Tile = styled(Link)<{ $wide?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 18px 20px;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.sm};
  color: ${theme.colors.text};
  text-decoration: none;
  transition: border-color 0.15s ease;
  &:hover {
    border-color: ${theme.colors.primary};
  }
  grid-column: ${(p) => (p.$wide ? 'span 2' : 'auto')};
  ${theme.mobile} {
    padding: 14px 16px;
  }
`;

const Label = styled.span`
  color: ${theme.colors.textMuted};
  font-size: 14px;
`;

const Value = styled.strong`
  font-family: ${theme.fonts.heading};
  font-size: 28px;
  line-height: 1.2;
  overflow-wrap: break-word;
`;

const Note = styled.span`
  color: ${theme.colors.textMuted};
  font-size: 13px;
`;

/**
 * One of the Dashboard's figures, a link to the page where it is worked on. Before its call has
 * answered it shows an ellipsis; `wide` takes two columns of the grid (a longer figure).
 */
export function FigureCard({ label, value, note, to, wide }: { label: string; value: ReactNode | undefined; note?: ReactNode; to: string; wide?: boolean }) {
  return (
    <Tile to={to} $wide={wide}>
      {/* The spaces keep the link's name readable ("Active members 1,234"); a flex box does not show them. */}
      <Label>{label}</Label> <Value>{value ?? '…'}</Value> {note ? <Note>{note}</Note> : null}
    </Tile>
  );
}
