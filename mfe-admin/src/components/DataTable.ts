import styled from 'styled-components';
import { theme } from '@altmed/web-kit';

/** A wide table scrolls sideways inside its card on a narrow screen instead of widening the page. */
export const Scroll = styled.div`
  overflow-x: auto;
`;

/** Every admin table's look: muted uppercase headings, a rule between rows. */
export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 15px;
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: 12px 14px;
    border-bottom: 1px solid ${theme.colors.border};
  }
  thead th {
    font-size: 13px;
    letter-spacing: 0.05em;
    text-transform: uppercase;
    color: ${theme.colors.textMuted};
    white-space: nowrap;
  }
  tbody th {
    font-weight: 600;
  }
  tbody tr:last-child th,
  tbody tr:last-child td {
    border-bottom: none;
  }
`;

/** Quieter text in a cell. */
export const Muted = styled.span`
  color: ${theme.colors.textMuted};
  font-weight: 400;
`;

/** A second, quieter line under a cell's content. */
export const Note = styled.span`
  display: block;
  margin-top: 4px;
  font-size: 13px;
  color: ${theme.colors.textMuted};
`;

/** What a section says when it has nothing to list. */
export const Empty = styled.p`
  color: ${theme.colors.textMuted};
`;
