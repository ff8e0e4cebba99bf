import styled from 'styled-components';
import type { Review } from '@altmed/contracts/web';
import { formatDate, theme } from '@altmed/web-kit';
import { StarRating } from '../../../components/StarRating';

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

const Ratings = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 18px;
  font-size: 14px;
  color: ${theme.colors.textMuted};
  span {
    display: inline-flex;
    align-items: center;
    gap: 6px;
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
      <Ratings>
        {typeof review.satisfactionRating === 'number' ? (
          <span>
            Satisfaction <StarRating rating={review.satisfactionRating} size={15} />
          </span>
        ) : null}
        {typeof review.efficacyRating === 'number' ? (
          <span>
            Efficacy <StarRating rating={review.efficacyRating} size={15} />
          </span>
        ) : null}
      </Ratings>
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
