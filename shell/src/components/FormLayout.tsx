import styled from 'styled-components';
import { theme } from '@altmed/web-kit';

/** A form's fields, one under the other. */
export const FormStack = styled.form`
  display: grid;
  gap: 16px;
`;

/** Two fields side by side (first and last name, email and topic), stacked on a phone. */
export const FieldPair = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 16px;
  ${theme.mobile} {
    grid-template-columns: 1fr;
  }
`;
