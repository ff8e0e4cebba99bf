import { useState } from 'react';
import styled from 'styled-components';
import type { OwnReview, ReviewState } from '@altmed/contracts/web';
import { Button, formatDate, Spinner, theme, useSession } from '@altmed/web-kit';
import { deleteOwnReview, saveOwnReview } from '../api/ownReview';
import { useOwnReview } from '../hooks/useOwnReview';
import { OwnReviewTexts } from '../lib/ownReviewTexts';
import { ProfileSection } from './ProfileSection';
import { ReviewForm, type ReviewDraft } from './ReviewForm';
import { ReviewRatings } from './ReviewRatings';

const Body = styled.div`
  display: grid;
  gap: 12px;
  justify-items: start;
`;

const Muted = styled.p`
  color: ${theme.colors.textMuted};
`;

const Text = styled.p`
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const stateColors: Record<ReviewState, { bg: string; fg: string }> = {
  pending: { bg: theme.colors.accentSoft, fg: theme.colors.accent },
  approved: { bg: theme.colors.successSoft, fg: theme.colors.success },
  rejected: { bg: theme.colors.dangerSoft, fg: theme.colors.danger },
};

const Pill = styled.span<{ $state: ReviewState }>`
  padding: 3px 10px;
  border-radius: ${theme.radii.pill};
  font-size: 13px;
  font-weight: 600;
  background: ${(p) => stateColors[p.$state].bg};
  color: ${(p) => stateColors[p.$state].fg};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
`;

const Problem = styled.p`
  color: ${theme.colors.danger};
`;

/** The member's review as written, its state, and Edit / Delete. The text is shown as text, never as markup. */
function OwnReviewView({ review, onEdit, onDeleted }: { review: OwnReview; onEdit: () => void; onDeleted: () => void }) {
  const { token } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const remove = async () => {
    setDeleting(true);
    setProblem(null);
    try {
      await deleteOwnReview(review.providerId, token);
      onDeleted();
    } catch (error) {
      setProblem(error instanceof Error && error.message ? error.message : OwnReviewTexts.deleteFailed);
      setDeleting(false);
      setConfirming(false);
    }
  };

  return (
    <Body>
      <Row>
        <Pill $state={review.status}>{OwnReviewTexts.state[review.status]}</Pill>
        <Muted>
          <time dateTime={review.submittedAt}>{formatDate(review.submittedAt)}</time>
        </Muted>
      </Row>
      <Muted>{OwnReviewTexts.stateNote[review.status]}</Muted>
      <ReviewRatings satisfaction={review.satisfactionRating} efficacy={review.efficacyRating} />
      <Text>{review.reviewText}</Text>
      {problem ? <Problem role="alert">{problem}</Problem> : null}
      {confirming ? (
        <Row role="group" aria-label={OwnReviewTexts.confirmDelete}>
          <p>{OwnReviewTexts.confirmDelete}</p>
          <Button size="sm" variant="danger" disabled={deleting} onClick={() => void remove()}>
            {OwnReviewTexts.yesDelete}
          </Button>
          <Button size="sm" variant="ghost" disabled={deleting} onClick={() => setConfirming(false)}>
            {OwnReviewTexts.keep}
          </Button>
        </Row>
      ) : (
        <Row>
          <Button size="sm" variant="outline" onClick={onEdit}>
            {OwnReviewTexts.edit}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            {OwnReviewTexts.delete}
          </Button>
        </Row>
      )}
    </Body>
  );
}

/**
 * "Your Review" on the profile, for members: Write a review, or the member's own review in any state
 * with Edit and Delete. Loaded after the profile (it is not needed for the first paint).
 */
export function OwnReviewSection({ providerId }: { providerId: string }) {
  const { token } = useSession();
  const own = useOwnReview(providerId);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const save = async (draft: ReviewDraft) => {
    const saved = await saveOwnReview(providerId, token, draft, Boolean(own.data));
    own.replace(saved);
    setEditing(false);
    setNotice(OwnReviewTexts.submitted);
  };

  let body;
  if (own.isPending || (own.isError && own.isFetching)) body = <Spinner label={OwnReviewTexts.loading} />;
  else if (own.isError && own.data === undefined) {
    body = (
      <Body role="alert">
        <Problem>{OwnReviewTexts.loadFailed}</Problem>
        <Button size="sm" variant="outline" onClick={own.refetch}>
          {OwnReviewTexts.tryAgain}
        </Button>
      </Body>
    );
  } else if (editing) {
    body = <ReviewForm initial={own.data ?? null} onSubmit={save} onCancel={() => setEditing(false)} />;
  } else if (own.data) {
    body = (
      <OwnReviewView
        review={own.data}
        onEdit={() => {
          setNotice(null);
          setEditing(true);
        }}
        onDeleted={() => {
          own.replace(null);
          setNotice(OwnReviewTexts.deleted);
        }}
      />
    );
  } else {
    body = (
      <Body>
        <Muted>{OwnReviewTexts.intro}</Muted>
        <Button
          variant="primary"
          onClick={() => {
            setNotice(null);
            setEditing(true);
          }}
        >
          {OwnReviewTexts.writeReview}
        </Button>
      </Body>
    );
  }

  return (
    <ProfileSection title={OwnReviewTexts.sectionTitle}>
      <Body>
        <div role="status">{notice}</div>
        {body}
      </Body>
    </ProfileSection>
  );
}
