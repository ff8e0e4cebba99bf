import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@altmed/web-kit';

const Box = styled.div`
  border-radius: ${theme.radii.md};
  border: 1px solid ${theme.colors.danger};
  background: ${theme.colors.dangerSoft};
  color: ${theme.colors.danger};
  padding: 10px 14px;
  font-size: 15px;
  font-weight: 500;
  scroll-margin: 24px;
`;

/**
 * A form's error: announced (role="alert") and scrolled into view when it appears, so it is seen on
 * a phone too. Give it a `key` of its text so a new message scrolls again.
 */
export function FormAlert({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <Box ref={ref} role="alert">
      {children}
    </Box>
  );
}
