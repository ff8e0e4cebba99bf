import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import type { Review, ReviewStats } from '@altmed/contracts/web';
import { Button, theme } from '@altmed/web-kit';
import { ProfileTexts } from '../lib/profileTexts';
import { ProfileSection } from './ProfileSection';
import { ReviewList } from './ReviewList';
import { ReviewSummary } from './ReviewSummary';

// Downloaded when the member asks for every review, not with the profile.
const ReviewsModal = lazy(() => import('./ReviewsModal').then(({ ReviewsModal: Modal }) => ({ default: Modal })));

const Body = styled.div`
  display: grid;
  gap: 16px;
  > button {
    justify-self: start;
  }
`;

const Muted = styled.p`
  color: ${theme.colors.textMuted};
`;

interface PatientsSaySectionProps {
  providerId: string;
  stats: ReviewStats | undefined;
  /** The newest reviews the profile came with (up to 3). */
  latestReviews: Review[];
}

/** "Patients Say": the averages, the newest reviews, and every review in a modal. */
export function PatientsSaySection({ providerId, stats, latestReviews }: PatientsSaySectionProps) {
  const [allReviewsOpen, setAllReviewsOpen] = useState(false);
  const hasReviews = (stats?.totalReviews ?? 0) > 0;
  return (
    <ProfileSection title="Patients Say">
      <Body>
        {hasReviews && stats ? <ReviewSummary stats={stats} /> : <Muted>{ProfileTexts.noReviews}</Muted>}
        {latestReviews.length ? <ReviewList reviews={latestReviews} /> : null}
        <Button variant="outline" onClick={() => setAllReviewsOpen(true)}>
          {ProfileTexts.readAllReviews}
        </Button>
      </Body>
      {allReviewsOpen ? (
        <Suspense fallback={null}>
          <ReviewsModal providerId={providerId} onClose={() => setAllReviewsOpen(false)} />
        </Suspense>
      ) : null}
    </ProfileSection>
  );
}
