import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';
import { Button } from './Button';

const Box = styled.div`
  max-width: 560px;
  margin: ${theme.space(10)} auto;
  padding: ${theme.space(8)} ${theme.space(6)};
  text-align: center;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.sm};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 14px;
`;

const Icon = styled.div`
  width: 52px;
  height: 52px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accent};
  font-size: 26px;
  font-weight: 700;
`;

const Title = styled.h2`
  font-size: 22px;
`;

const Message = styled.p`
  color: ${theme.colors.textMuted};
`;

export interface ErrorFallbackProps {
  title: ReactNode;
  message?: ReactNode;
  /** Label of the retry button; the button is shown only with `onRetry`. */
  retryLabel?: string;
  onRetry?: () => void;
  /** Further content under the retry button, e.g. a link home. */
  children?: ReactNode;
}

/** A friendly box shown in place of content that failed to load. */
export function ErrorFallback({ title, message, retryLabel = 'Try again', onRetry, children }: ErrorFallbackProps) {
  return (
    <Box role="alert">
      <Icon aria-hidden="true">!</Icon>
      <Title>{title}</Title>
      {message ? <Message>{message}</Message> : null}
      {onRetry ? (
        <Button variant="outline" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
      {children}
    </Box>
  );
}
