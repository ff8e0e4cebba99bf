import styled from 'styled-components';
import { Card, theme } from '@altmed/web-kit';

/** The colours of a record's state on an admin card: waiting, accepted, refused. */
export const stateTones = {
  waiting: { bg: theme.colors.accentSoft, fg: '#a65a26' },
  accepted: { bg: theme.colors.successSoft, fg: theme.colors.success },
  refused: { bg: theme.colors.dangerSoft, fg: theme.colors.danger },
} as const;
export type StateTone = keyof typeof stateTones;

/**
 * The parts of a card on the admin lists (providers, reviews): the card, its heading row with the
 * state pill, the line naming the last admin decision, and the action buttons at its foot.
 */
export const CardShell = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 20px;
`;

export const CardTop = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  align-items: flex-start;
  h3 {
    font-size: 18px;
  }
  p {
    color: ${theme.colors.textMuted};
    font-size: 14px;
  }
`;

export const StatePill = styled.span<{ $tone: StateTone }>`
  flex: none;
  padding: 3px 10px;
  border-radius: ${theme.radii.pill};
  font-size: 13px;
  font-weight: 600;
  background: ${(p) => stateTones[p.$tone].bg};
  color: ${(p) => stateTones[p.$tone].fg};
`;

export const LastDecision = styled.p`
  font-size: 13px;
  color: ${theme.colors.textMuted};
`;

export const CardActions = styled.div`
  margin-top: auto;
  display: flex;
  gap: 8px;
`;
