import styled from 'styled-components';
import { Button, Modal, Spinner, theme } from '@altmed/web-kit';
import { useProviderReviews } from '../hooks/useProviderReviews';
import { ProfileTexts } from '../lib/profileTexts';
import { ReviewList } from './ReviewList';

const Problem = styled.div`
  display: grid;
  justify-items: start;
  gap: 12px;
  p {
    color: ${theme.colors.danger};
  }
`;

function ReviewsModalBody({ providerId }: { providerId: string }) {
  const reviews = useProviderReviews(providerId);
  if (reviews.isPending || (reviews.isError && reviews.isFetching)) return <Spinner label={ProfileTexts.reviewsLoading} />;
  if (reviews.isError) {
    return (
      <Problem role="alert">
        <p>{ProfileTexts.reviewsError}</p>
        <Button variant="outline" size="sm" onClick={reviews.refetch}>
          {ProfileTexts.tryAgain}
        </Button>
      </Problem>
    );
  }
  const list = reviews.data ?? [];
  if (list.length === 0) return <p>{ProfileTexts.noReviews}</p>;
  return <ReviewList reviews={list} />;
}

/** "Patient Reviews": the newest 50 reviews, loaded when the modal opens. */
export function ReviewsModal({ providerId, onClose }: { providerId: string; onClose: () => void }) {
  return (
    <Modal title={ProfileTexts.reviewsTitle} onClose={onClose}>
      <ReviewsModalBody providerId={providerId} />
    </Modal>
  );
}
