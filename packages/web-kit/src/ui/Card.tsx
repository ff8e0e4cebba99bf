import styled from 'styled-components';
import { theme } from '../theme';

/** A white surface with a soft border and shadow. */
export const Card = styled.div<{ $padding?: number }>`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.sm};
  padding: ${(p) => theme.space(p.$padding ?? 6)};
`;
