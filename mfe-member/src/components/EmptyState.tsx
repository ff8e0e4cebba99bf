import styled from 'styled-components';
import { theme } from '@altmed/web-kit';

/** A dashed box with a heading, a line of text and an action: a search or comparison with nothing to show. */
export const EmptyState = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space(3)};
  padding: ${theme.space(10)} ${theme.space(6)};
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  text-align: center;
  h2 {
    font-size: 20px;
  }
  p {
    max-width: 520px;
    color: ${theme.colors.textMuted};
  }
`;
