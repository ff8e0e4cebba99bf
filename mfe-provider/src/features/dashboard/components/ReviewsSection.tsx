import styled from 'styled-components';
import { Button, Card, formatDate, Spinner, theme } from '@altmed/web-kit';
import { ReviewsErrors } from '../api/reviews';
import { usePublishedReviews } from '../hooks/usePublishedReviews';

const Head = styled.div`
  margin-bottom: 12px;
  h2 {
    font-size: 20px;
  }
  p {
    color: ${theme.colors.textMuted};
    font-size: 14px;
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 14px;
`;

const Item = styled.li`
  padding-top: 14px;
  border-top: 1px solid ${theme.colors.border};
  display: grid;
  gap: 6px;
`;

const ItemHead = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
  time,
  span {
    color: ${theme.colors.textMuted};
    font-size: 14px;
  }
`;

const Text = styled.p`
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Problem = styled.div`
  display: grid;
  justify-items: start;
  gap: 10px;
  p {
    color: ${theme.colors.danger};
  }
`;

export const ReviewsTexts = {
  title: 'Reviews',
  intro: 'What patients say, as members see it on your profile. Reviews are moderated by our team and cannot be edited here.',
  none: 'No published reviews yet.',
  loading: 'Loading reviews...',
  tryAgain: 'Try Again',
  newest: (shown: number, total: number) => `The newest ${shown} of ${total} reviews.`,
} as const;

/** The provider's published reviews, read-only (the averages are the stat cards above). Review text is shown as text. */
export function ReviewsSection({ providerId }: { providerId: string }) {
  const query = usePublishedReviews(providerId);
  const reviews = query.data?.reviews ?? [];
  const total = query.data?.total ?? 0;
  let body;
  if (query.isPending) body = <Spinner label={ReviewsTexts.loading} />;
  else if (query.isError) {
    body = (
      <Problem role="alert">
        <p>{ReviewsErrors.load}</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {ReviewsTexts.tryAgain}
        </Button>
      </Problem>
    );
  } else if (reviews.length === 0) body = <p>{ReviewsTexts.none}</p>;
  else {
    body = (
      <>
        {total > reviews.length ? <p>{ReviewsTexts.newest(reviews.length, total)}</p> : null}
        <List>
          {reviews.map((review) => (
            <Item key={review._id}>
              <ItemHead>
                <strong>{review.clientName || 'Anonymous patient'}</strong>
                {review.createdAt ? <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time> : null}
              </ItemHead>
              <ItemHead>
                <span>
                  Satisfaction {review.satisfactionRating ?? '—'}/5 · Efficacy {review.efficacyRating ?? '—'}/5
                </span>
              </ItemHead>
              {review.reviewText ? <Text>{review.reviewText}</Text> : null}
            </Item>
          ))}
        </List>
      </>
    );
  }
  return (
    <Card as="section" aria-label={ReviewsTexts.title}>
      <Head>
        <h2>{ReviewsTexts.title}</h2>
        <p>{ReviewsTexts.intro}</p>
      </Head>
      {body}
    </Card>
  );
}
