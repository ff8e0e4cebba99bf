import styled from 'styled-components';

/** The foot of a join step: Back on the left, Continue on the right. */
export const StepActions = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
`;
