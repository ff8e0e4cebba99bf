import styled from 'styled-components';
import type { ReviewStats } from '@altmed/contracts/web';
import { theme } from '@altmed/web-kit';
import { formatRating, reviewCount } from '../../../lib/ratings';
import { StarRating } from '../../../components/StarRating';

const Averages = styled.dl`
  display: grid;
  grid-template-columns: max-content max-content;
  align-items: center;
  gap: 8px 16px;
  margin: 0 0 6px;
  dd {
    margin: 0;
    display: inline-flex;
    align-items: center;
    gap: 10px;
  }
  strong {
    font-variant-numeric: tabular-nums;
  }
`;

const Count = styled.p`
  color: ${theme.colors.textMuted};
  font-size: 14px;
`;

/** The averages of satisfaction and efficacy with the number of reviews behind them. */
export function ReviewSummary({ stats }: { stats: ReviewStats }) {
  const satisfaction = stats.averageSatisfactionRating ?? 0;
  const efficacy = stats.averageEfficacyRating ?? 0;
  return (
    <div>
      <Averages>
        <dt>Satisfaction</dt>
        <dd>
          <StarRating rating={satisfaction} />
          <strong aria-hidden="true">{formatRating(satisfaction)}</strong>
        </dd>
        <dt>Efficacy</dt>
        <dd>
          <StarRating rating={efficacy} />
          <strong aria-hidden="true">{formatRating(efficacy)}</strong>
        </dd>
      </Averages>
      <Count>Based on {reviewCount(stats.totalReviews ?? 0)}</Count>
    </div>
  );
}
