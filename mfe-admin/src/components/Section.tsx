import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '@altmed/web-kit';

const Box = styled(Card)`
  margin-bottom: 20px;
  h2 {
    font-size: 20px;
    margin-bottom: 14px;
  }
`;

/** A titled part of an admin page: a card that assistive technology lists as a region by its title. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box as="section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </Box>
  );
}
