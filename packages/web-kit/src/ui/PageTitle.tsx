import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

const Wrap = styled.header`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-bottom: ${theme.space(6)};
`;

const Title = styled.h1`
  font-size: clamp(26px, 3.2vw, 34px);
  color: ${theme.colors.text};
`;

const Subtitle = styled.p`
  color: ${theme.colors.textMuted};
  font-size: 16px;
`;

export interface PageTitleProps {
  children: ReactNode;
  subtitle?: ReactNode;
}

/** The h1 of a page, with an optional muted subtitle. */
export function PageTitle({ children, subtitle }: PageTitleProps) {
  return (
    <Wrap>
      <Title>{children}</Title>
      {subtitle ? <Subtitle>{subtitle}</Subtitle> : null}
    </Wrap>
  );
}
