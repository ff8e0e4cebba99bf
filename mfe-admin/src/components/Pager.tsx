import styled from 'styled-components';
import { Button, theme } from '@altmed/web-kit';

const Paging = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 16px;
  margin-top: 24px;
  color: ${theme.colors.textMuted};
  font-size: 14px;
`;

/** Previous, "Page n of m" and Next under an admin list; nothing when it has one page. */
export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <Paging aria-label="Pages">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page.toLocaleString('en-US')} of {totalPages.toLocaleString('en-US')}
      </span>
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Paging>
  );
}
