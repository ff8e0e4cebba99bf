import styled from 'styled-components';
import { theme } from '../theme';

/** Centres page content at the site's reading width with responsive side padding. */
export const PageContainer = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${(p) => (p.$narrow ? '760px' : theme.maxContentWidth)};
  margin: 0 auto;
  padding: ${theme.space(10)} ${theme.space(6)} ${theme.space(14)};
  ${theme.mobile} {
    padding: ${theme.space(6)} ${theme.space(4)} ${theme.space(10)};
  }
`;
