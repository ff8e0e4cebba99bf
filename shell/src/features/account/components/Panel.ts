import styled from 'styled-components';
import { Card, theme } from '@altmed/web-kit';

/** One panel of My membership: a card with its heading (render it `as="section"` with `aria-labelledby`). */
export const Panel = styled(Card)`
  padding: 24px 28px;
  ${theme.mobile} {
    padding: 20px 18px;
  }
  h2 {
    font-size: 20px;
    margin-bottom: 12px;
  }
`;
