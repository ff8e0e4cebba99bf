import styled from 'styled-components';
import { theme } from '@altmed/web-kit';

/** The search box and filter above a paged admin list: side by side, stacked on a phone. */
export const ListFilters = styled.div`
  display: grid;
  grid-template-columns: 2fr 1fr;
  gap: 16px;
  margin-bottom: 24px;
  ${theme.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Summary = styled.p`
  margin-bottom: 12px;
  color: ${theme.colors.textMuted};
  font-size: 14px;
`;

export const formatCount = (n: number) => n.toLocaleString('en-US');

interface ListSummaryProps {
  /** The page that answered (the previous one while the next loads); undefined while the first loads or after a failure. */
  answer: { page: number; pageSize: number; total: number } | undefined;
  /** Rows on screen. */
  rows: number;
  /** What the list holds, one and many: ['member', 'members']. */
  noun: readonly [string, string];
  /** The last page the pager offers. */
  maxPage: number;
}

/**
 * Which rows show of how many, or that none match: one live region, always on the page, so a
 * search's outcome is read out whatever it is.
 */
export function ListSummary({ answer, rows, noun, maxPage }: ListSummaryProps) {
  let text = '';
  if (answer && rows === 0) text = `No ${noun[1]} found.`;
  else if (answer) {
    const first = (answer.page - 1) * answer.pageSize + 1;
    const last = Math.min(answer.total, answer.page * answer.pageSize);
    // The pager stops at maxPage; a search or a filter reaches the rest.
    const beyondPager = answer.total > maxPage * answer.pageSize;
    text = `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(answer.total)} ${answer.total === 1 ? noun[0] : noun[1]}${
      beyondPager ? `; the pages stop at ${formatCount(maxPage)}, so search or filter to reach the rest` : ''
    }`;
  }
  return <Summary aria-live="polite">{text}</Summary>;
}
