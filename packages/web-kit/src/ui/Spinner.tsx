import styled, { keyframes } from 'styled-components';
import { theme } from '../theme';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 12px;
  padding: ${theme.space(10)} ${theme.space(4)};
  color: ${theme.colors.textMuted};
  font-size: 15px;
`;

const Ring = styled.span<{ $size: number }>`
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border-radius: 50%;
  border: 3px solid ${theme.colors.primarySoft};
  border-top-color: ${theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

export interface SpinnerProps {
  /** Text announced to assistive technology and shown under the ring. */
  label?: string;
  size?: number;
}

export function Spinner({ label = 'Loading...', size = 36 }: SpinnerProps) {
  return (
    <Wrap role="status" aria-live="polite">
      <Ring $size={size} aria-hidden="true" />
      <span>{label}</span>
    </Wrap>
  );
}
