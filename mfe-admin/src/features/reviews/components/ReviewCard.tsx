import styled from 'styled-components';
import { Button, Card, formatDate, theme } from '@altmed/web-kit';
import { availableActions, type AdminReview, type ReviewModerationAction, type ReviewState } from '../api/reviews';

const stateLabels: Record<ReviewState, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
const stateColors: Record<ReviewState, { bg: string; fg: string }> = {
  pending: { bg: theme.colors.accentSoft, fg: '#a65a26' },
  approved: { bg: theme.colors.successSoft, fg: theme.colors.success },
  rejected: { bg: theme.colors.dangerSoft, fg: theme.colors.danger },
};
const actionLabels: Record<ReviewModerationAction, string> = { approve: 'Approve', reject: 'Reject' };
const auditLabels: Record<ReviewModerationAction, string> = { approve: 'Approved', reject: 'Rejected' };

const Wrap = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 20px;
`;

const Top = styled.div`
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

const Pill = styled.span<{ $state: ReviewState }>`
  flex: none;
  padding: 3px 10px;
  border-radius: ${theme.radii.pill};
  font-size: 13px;
  font-weight: 600;
  background: ${(p) => stateColors[p.$state].bg};
  color: ${(p) => stateColors[p.$state].fg};
`;

const Ratings = styled.p`
  font-size: 14px;
  font-weight: 600;
`;

const Text = styled.p`
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Audit = styled.p`
  font-size: 13px;
  color: ${theme.colors.textMuted};
`;

const Actions = styled.div`
  margin-top: auto;
  display: flex;
  gap: 8px;
`;

/** One review to moderate: who wrote it about whom, the ratings, the text (as text), the audit line and the actions. */
export function ReviewCard({ review, busy, onAction }: { review: AdminReview; busy: boolean; onAction: (action: ReviewModerationAction) => void }) {
  const provider = review.providerName ?? 'Unknown provider';
  const last = review.lastModeration;
  return (
    <Wrap as="article" aria-label={`Review of ${provider} by ${review.clientName}`}>
      <Top>
        <div>
          <h3>{provider}</h3>
          <p>{[review.practiceName, `by ${review.clientName}`, formatDate(review.submittedAt)].filter(Boolean).join(' · ')}</p>
        </div>
        <Pill $state={review.status}>{stateLabels[review.status]}</Pill>
      </Top>
      <Ratings>
        Satisfaction {review.satisfactionRating}/5 · Efficacy {review.efficacyRating}/5
      </Ratings>
      <Text>{review.reviewText}</Text>
      {last ? (
        <Audit>
          {auditLabels[last.action]} by {last.by} on {formatDate(last.at)}
        </Audit>
      ) : null}
      <Actions>
        {availableActions(review).map((action) => (
          <Button key={action} size="sm" variant={action === 'reject' ? 'danger' : 'primary'} disabled={busy} onClick={() => onAction(action)}>
            {actionLabels[action]}
          </Button>
        ))}
      </Actions>
    </Wrap>
  );
}
