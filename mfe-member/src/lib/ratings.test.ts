import { formatRating, ratingLabel, reviewCount, starFills } from './ratings';

describe('ratings', () => {
  it.each([
    [0, ['empty', 'empty', 'empty', 'empty', 'empty']],
    [0.2, ['empty', 'empty', 'empty', 'empty', 'empty']],
    [0.3, ['half', 'empty', 'empty', 'empty', 'empty']],
    [2.74, ['full', 'full', 'half', 'empty', 'empty']],
    [2.75, ['full', 'full', 'full', 'empty', 'empty']],
    [4.5, ['full', 'full', 'full', 'full', 'half']],
    [5, ['full', 'full', 'full', 'full', 'full']],
    [7, ['full', 'full', 'full', 'full', 'full']],
  ])('shows %s as %j', (rating, stars) => {
    expect(starFills(rating)).toEqual(stars);
  });

  it('writes ratings to one decimal, out of 5', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.26)).toBe('4.3');
    expect(ratingLabel(4.5)).toBe('4.5 out of 5');
    expect(reviewCount(1)).toBe('1 review');
    expect(reviewCount(12)).toBe('12 reviews');
  });
});
