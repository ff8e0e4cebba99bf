import styled from 'styled-components';
import { theme } from '@altmed/web-kit';
import { StarRating } from '../../../components/StarRating';
import { OwnReviewTexts } from '../lib/ownReviewTexts';

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

/** A review's satisfaction and efficacy in stars; one the review does not carry is left out. */
export function ReviewRatings({ satisfaction, efficacy }: { satisfaction?: number; efficacy?: number }) {
  return (
    <Ratings>
      {typeof satisfaction === 'number' ? (
        <span>
          {OwnReviewTexts.satisfaction} <StarRating rating={satisfaction} size={15} />
        </span>
      ) : null}
      {typeof efficacy === 'number' ? (
        <span>
          {OwnReviewTexts.efficacy} <StarRating rating={efficacy} size={15} />
        </span>
      ) : null}
    </Ratings>
  );
}
