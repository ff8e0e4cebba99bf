import styled from 'styled-components';
import { Button, theme } from '@altmed/web-kit';
import { DirectoryTexts } from '../lib/directoryTexts';

const Nav = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space(4)};
  margin-top: ${theme.space(6)};
  color: ${theme.colors.textMuted};
`;

export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <Nav aria-label="Pages of results">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {DirectoryTexts.previous}
      </Button>
      <span aria-current="page">{DirectoryTexts.pageOf(page, totalPages)}</span>
      <Button variant="outline" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {DirectoryTexts.next}
      </Button>
    </Nav>
  );
}
