import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@altmed/web-kit';

const Box = styled.p<{ $tone: 'error' | 'success' }>`
  padding: 12px 16px;
  border-radius: ${theme.radii.md};
  margin-bottom: 18px;
  font-weight: 500;
  background: ${(p) => (p.$tone === 'error' ? theme.colors.dangerSoft : theme.colors.successSoft)};
  color: ${(p) => (p.$tone === 'error' ? theme.colors.danger : theme.colors.success)};
  border: 1px solid ${(p) => (p.$tone === 'error' ? '#f3c4c0' : '#bfe3cd')};
`;

/** An inline status message: error (announced as an alert) or success. */
export function Banner({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <Box $tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </Box>
  );
}
