import styled from 'styled-components';
import { Button, formatDate } from '@altmed/web-kit';
import { CardActions, CardShell, CardTop, LastDecision, StatePill, type StateTone } from '../../../components/ModerationCard';
import { availableActions, type AdminReview, type ReviewModerationAction, type ReviewState } from '../api/reviews';

const stateLabels: Record<ReviewState, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
const stateTone: Record<ReviewState, StateTone> = { pending: 'waiting', approved: 'accepted', rejected: 'refused' };
const actionLabels: Record<ReviewModerationAction, string> = { approve: 'Approve', reject: 'Reject' };
const auditLabels: Record<ReviewModerationAction, string> = { approve: 'Approved', reject: 'Rejected' };

const Ratings = styled.p`
  font-size: 14px;
  font-weight: 600;
`;

const Text = styled.p`
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

/** One review to moderate: who wrote it about whom, the ratings, the text (as text), the audit line and the actions. */
export function ReviewCard({ review, busy, onAction }: { review: AdminReview; busy: boolean; onAction: (action: ReviewModerationAction) => void }) {
  const provider = review.providerName ?? 'Unknown provider';
  const last = review.lastModeration;
  return (
    <CardShell as="article" aria-label={`Review of ${provider} by ${review.clientName}`}>
      <CardTop>
        <div>
          <h3>{provider}</h3>
          <p>{[review.practiceName, `by ${review.clientName}`, formatDate(review.submittedAt)].filter(Boolean).join(' · ')}</p>
        </div>
        <StatePill $tone={stateTone[review.status]}>{stateLabels[review.status]}</StatePill>
      </CardTop>
      <Ratings>
        Satisfaction {review.satisfactionRating}/5 · Efficacy {review.efficacyRating}/5
      </Ratings>
      <Text>{review.reviewText}</Text>
      {last ? (
        <LastDecision>
          {auditLabels[last.action]} by {last.by} on {formatDate(last.at)}
        </LastDecision>
      ) : null}
      <CardActions>
        {availableActions(review).map((action) => (
          <Button key={action} size="sm" variant={action === 'reject' ? 'danger' : 'primary'} disabled={busy} onClick={() => onAction(action)}>
            {actionLabels[action]}
          </Button>
        ))}
      </CardActions>
    </CardShell>
  );
}
