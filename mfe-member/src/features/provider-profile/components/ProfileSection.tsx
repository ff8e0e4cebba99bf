import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card, theme } from '@altmed/web-kit';

const Section = styled(Card)`
  ${theme.mobile} {
    padding: ${theme.space(5)} ${theme.space(4)};
  }
  h2 {
    font-size: 20px;
    margin-bottom: 12px;
  }
`;

/** A titled card of the profile, named by its heading for assistive technology. */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Section as="section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </Section>
  );
}
