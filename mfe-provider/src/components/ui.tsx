import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, theme } from '@altmed/web-kit';

export const FormCard = styled(Card)`
  padding: 36px;
  ${theme.mobile} {
    padding: 22px 16px;
  }
`;

export const Grid2 = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 18px;
  ${theme.mobile} {
    grid-template-columns: 1fr;
  }
`;

export const Stack = styled.div<{ $gap?: number }>`
  display: grid;
  gap: ${(p) => p.$gap ?? 18}px;
`;

export const FormActions = styled.div`
  margin-top: 28px;
  display: flex;
  justify-content: space-between;
  gap: 12px;
`;

export const SectionHeading = styled.h2`
  font-size: 19px;
  margin-bottom: 4px;
`;

export const SectionHint = styled.p`
  color: ${theme.colors.textMuted};
  font-size: 14px;
  margin-bottom: 12px;
`;

const AlertBox = styled.p<{ $tone: 'error' | 'success' | 'info' }>`
  padding: 12px 16px;
  border-radius: ${theme.radii.md};
  margin-bottom: 20px;
  font-weight: 500;
  background: ${(p) => (p.$tone === 'error' ? theme.colors.dangerSoft : p.$tone === 'success' ? theme.colors.successSoft : theme.colors.primarySoft)};
  color: ${(p) => (p.$tone === 'error' ? theme.colors.danger : p.$tone === 'success' ? theme.colors.success : theme.colors.primary)};
`;

export function Alert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <AlertBox $tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </AlertBox>
  );
}

const Steps = styled.ol`
  list-style: none;
  display: flex;
  gap: 10px;
  margin: 0 0 24px;
  padding: 0;
  li {
    flex: 1;
    font-size: 13px;
    font-weight: 600;
    color: ${theme.colors.textMuted};
    border-top: 4px solid ${theme.colors.border};
    padding-top: 8px;
  }
  li[aria-current='step'],
  li.done {
    color: ${theme.colors.primary};
    border-top-color: ${theme.colors.primary};
  }
`;

const stepNames = ['Practice Info', 'Qualifications', 'Profile Content'];

/** The three-step progress bar of the provider portal. */
export function StepIndicator({ current }: { current: 1 | 2 | 3 }) {
  return (
    <Steps aria-label="Sign-up progress">
      {stepNames.map((name, index) => (
        <li key={name} aria-current={index + 1 === current ? 'step' : undefined} className={index + 1 < current ? 'done' : undefined}>
          Step {index + 1}: {name}
        </li>
      ))}
    </Steps>
  );
}
