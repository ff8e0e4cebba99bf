import type { ButtonHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { theme } from '../theme';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyledProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth: boolean;
}

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    background: ${theme.colors.primary};
    color: #fff;
    &:hover:not(:disabled) {
      background: ${theme.colors.primaryDark};
    }
  `,
  secondary: css`
    background: ${theme.colors.accent};
    color: #fff;
    &:hover:not(:disabled) {
      filter: brightness(0.94);
    }
  `,
  outline: css`
    background: transparent;
    color: ${theme.colors.primary};
    border-color: ${theme.colors.primary};
    &:hover:not(:disabled) {
      background: ${theme.colors.primarySoft};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${theme.colors.text};
    &:hover:not(:disabled) {
      background: ${theme.colors.surfaceMuted};
    }
  `,
  danger: css`
    background: ${theme.colors.danger};
    color: #fff;
    &:hover:not(:disabled) {
      filter: brightness(0.92);
    }
  `,
};

const sizes: Record<ButtonSize, ReturnType<typeof css>> = {
  sm: css`
    padding: 6px 14px;
    font-size: 14px;
  `,
  md: css`
    padding: 10px 20px;
    font-size: 15px;
  `,
  lg: css`
    padding: 14px 30px;
    font-size: 17px;
  `,
};

const StyledButton = styled.button<StyledProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  border: 1.5px solid transparent;
  border-radius: ${theme.radii.pill};
  font-weight: 600;
  letter-spacing: 0.01em;
  cursor: pointer;
  white-space: nowrap;
  transition:
    background 0.15s ease,
    filter 0.15s ease,
    box-shadow 0.15s ease;
  width: ${(p) => (p.$fullWidth ? '100%' : 'auto')};
  ${(p) => sizes[p.$size]}
  ${(p) => variants[p.$variant]}
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

export function Button({ variant = 'primary', size = 'md', fullWidth = false, type = 'button', ...rest }: ButtonProps) {
  return <StyledButton type={type} $variant={variant} $size={size} $fullWidth={fullWidth} {...rest} />;
}
