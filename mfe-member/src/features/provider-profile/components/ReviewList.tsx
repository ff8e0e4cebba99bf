import styled from 'styled-components';
import type { Review } from '@altmed/contracts/web';
import { formatDate, theme } from '@altmed/web-kit';
import { ReviewRatings } from './ReviewRatings';

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
  p {
    overflow-wrap: anywhere;
  }
`;

const ItemHead = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
  time {
    color: ${theme.colors.textMuted};
    font-size: 14px;
  }
`;

function ReviewItem({ review }: { review: Review }) {
  const date = review.createdAt ? formatDate(review.createdAt) : null;
  return (
    <Item>
      <ItemHead>
        <strong>{review.clientName || 'Anonymous patient'}</strong>
        {date ? <time dateTime={review.createdAt}>{date}</time> : null}
      </ItemHead>
      <ReviewRatings satisfaction={review.satisfactionRating} efficacy={review.efficacyRating} />
      {review.reviewText ? <p>{review.reviewText}</p> : null}
    </Item>
  );
}

/** Reviews as patients wrote them: name, date, both ratings and the text. */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  return (
    <List>
      {reviews.map((review) => (
        <ReviewItem key={review._id} review={review} />
      ))}
    </List>
  );
}
