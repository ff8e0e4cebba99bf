import styled from 'styled-components';
import { theme } from '@altmed/web-kit';
import { ratingLabel, starFills, type StarFill } from '../lib/ratings';

const STAR_PATH = 'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96z';

const Stars = styled.span`
  display: inline-flex;
  gap: 2px;
  vertical-align: middle;
  line-height: 0;
`;

const EmptyStar = styled.path`
  fill: ${theme.colors.border};
`;

const FilledStar = styled.path<{ $half: boolean }>`
  fill: ${theme.colors.accentBright};
  clip-path: ${(p) => (p.$half ? 'inset(0 50% 0 0)' : 'none')};
`;

function Star({ fill, size }: { fill: StarFill; size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" data-fill={fill}>
      <EmptyStar d={STAR_PATH} />
      {fill === 'empty' ? null : <FilledStar d={STAR_PATH} $half={fill === 'half'} />}
    </svg>
  );
}

/** A rating as five stars with half steps, read out as "4.5 out of 5". */
export function StarRating({ rating, size = 18 }: { rating: number; size?: number }) {
  return (
    <Stars role="img" aria-label={ratingLabel(rating)}>
      {starFills(rating).map((fill, index) => (
        // The stars are positions in a row of five: the index is their identity.
        <Star key={index} fill={fill} size={size} />
      ))}
    </Stars>
  );
}
