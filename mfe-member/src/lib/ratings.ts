/** Ratings are out of 5 stars, shown to one decimal with half stars (SPEC §9). */
export const RATING_SCALE = 5;

export type StarFill = 'full' | 'half' | 'empty';

/** The stars of a rating, rounded to the nearest half star. */
export function starFills(rating: number): StarFill[] {
  const halves = Math.round(Math.min(Math.max(rating, 0), RATING_SCALE) * 2);
  return Array.from({ length: RATING_SCALE }, (_, index) => {
    if (halves >= (index + 1) * 2) return 'full';
    return halves === index * 2 + 1 ? 'half' : 'empty';
  });
}

export const formatRating = (rating: number): string => rating.toFixed(1);

/** What assistive technology reads for a row of stars: "4.5 out of 5". */
export const ratingLabel = (rating: number): string => `${formatRating(rating)} out of ${RATING_SCALE}`;

export const reviewCount = (count: number): string => `${count} ${count === 1 ? 'review' : 'reviews'}`;
