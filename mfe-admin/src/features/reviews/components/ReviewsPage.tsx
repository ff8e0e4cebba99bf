import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { QueryProvider } from '@altmed/web-kit/src/query';
import { Card, PageContainer, PageTitle, SelectField, Spinner, useSession } from '@altmed/web-kit';
import { Banner } from '../../../components/Banner';
import { Pager } from '../../../components/Pager';
import { usePageOf } from '../../../hooks/usePageOf';
import { ReviewErrors, fetchReviews, moderateReview, type AdminReview, type ReviewModerationAction, type ReviewState } from '../api/reviews';
import { ReviewCard } from './ReviewCard';

const Filters = styled.div`
  max-width: 320px;
  margin-bottom: 24px;
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(320px, 1fr));
  gap: 16px;
`;

const pastTense: Record<ReviewModerationAction, string> = { approve: 'approved', reject: 'rejected' };
const emptyTexts: Record<ReviewState, string> = {
  pending: 'No reviews are waiting for moderation.',
  approved: 'No approved reviews.',
  rejected: 'No rejected reviews.',
};

/** Reviews (issue 11): members' reviews waiting for moderation (or approved, or rejected), with Approve / Reject and who decided last. */
function ReviewsPageContent() {
  const { token } = useSession();
  const [status, setStatus] = useState<ReviewState>('pending');
  const { page, goToPage } = usePageOf(status);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const queryClient = useQueryClient();

  const list = useQuery({
    queryKey: ['admin-reviews', token, status, page],
    queryFn: ({ signal }) => fetchReviews(token, { status, page }, signal),
    placeholderData: keepPreviousData,
  });
  const reviews = list.data?.reviews ?? [];
  const totalPages = list.data?.totalPages ?? 1;
  // A decision can empty the last page (its review leaves the filter): move to the new last page.
  if (list.data && !list.isPlaceholderData && page > list.data.totalPages) goToPage(list.data.totalPages);

  const moderation = useMutation({
    mutationFn: ({ review, action }: { review: AdminReview; action: ReviewModerationAction }) => moderateReview(token, review._id, action),
    onSuccess: (_reply, { action }) => setMessage({ tone: 'success', text: `Review ${pastTense[action]} successfully.` }),
    onError: (error, { action }) => setMessage({ tone: 'error', text: error instanceof Error && error.message ? error.message : `Failed to ${action} review` }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin-reviews'] }),
  });
  const busyId = moderation.isPending ? moderation.variables.review._id : null;
  const banner = list.isError ? { tone: 'error' as const, text: list.error.message || ReviewErrors.fetch } : message;

  return (
    <PageContainer>
      <PageTitle subtitle="Approve or reject what members write before it appears on a profile.">Reviews</PageTitle>
      {banner ? <Banner tone={banner.tone}>{banner.text}</Banner> : null}
      <Filters>
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as ReviewState)}>
          <option value="pending">Pending</option>
          <option value="approved">Approved</option>
          <option value="rejected">Rejected</option>
        </SelectField>
      </Filters>
      {list.isPending ? (
        <Spinner label="Loading reviews..." />
      ) : reviews.length ? (
        <Grid>
          {reviews.map((review) => (
            <ReviewCard key={review._id} review={review} busy={busyId === review._id} onAction={(action) => moderation.mutate({ review, action })} />
          ))}
        </Grid>
      ) : (
        <Card>{emptyTexts[status]}</Card>
      )}
      <Pager page={page} totalPages={totalPages} onPage={goToPage} />
    </PageContainer>
  );
}

/** The Reviews page inside the page's query client. */
export function ReviewsPage() {
  return (
    <QueryProvider>
      <ReviewsPageContent />
    </QueryProvider>
  );
}
