import type { Review, ReviewStats, ReviewsResponse } from '@altmed/contracts';
import type { ReviewDocument, ReviewModel } from './review.model';

/** Only active, approved reviews are ever shown or counted. */
const shown = (providerId: string) => ({ providerId, isActive: true, isApproved: true });

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

export function toReview(review: ReviewDocument): Review {
  return {
    _id: review._id,
    clientName: review.clientName,
    satisfactionRating: review.satisfactionRating,
    efficacyRating: review.efficacyRating,
    reviewText: review.reviewText,
    createdAt: review.createdAt.toISOString(),
    isActive: review.isActive,
    isApproved: review.isApproved,
  };
}

/**
 * Count and averages of the provider's active, approved reviews (0 when there are none). Summed
 * here: FerretDB 1.24 has no $avg accumulator, and its $sum of a field answered 0.
 */
export async function reviewStatsOf(reviews: ReviewModel, providerId: string): Promise<Required<ReviewStats>> {
  const ratings = await reviews
    .find(shown(providerId))
    .select({ _id: 0, satisfactionRating: 1, efficacyRating: 1 })
    .lean<Pick<ReviewDocument, 'satisfactionRating' | 'efficacyRating'>[]>();
  const total = ratings.length;
  if (total === 0) return { totalReviews: 0, averageSatisfactionRating: 0, averageEfficacyRating: 0 };
  const sum = (pick: (review: (typeof ratings)[number]) => number) => ratings.reduce((acc, review) => acc + pick(review), 0);
  return {
    totalReviews: total,
    averageSatisfactionRating: twoDecimals(sum((review) => review.satisfactionRating) / total),
    averageEfficacyRating: twoDecimals(sum((review) => review.efficacyRating) / total),
  };
}

/** The newest shown reviews, a page at a time. */
export async function listReviews(reviews: ReviewModel, providerId: string, page: number, limit: number): Promise<ReviewsResponse> {
  const [found, total] = await Promise.all([
    reviews
      .find(shown(providerId))
      .sort({ createdAt: -1, _id: 1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<ReviewDocument[]>(),
    reviews.countDocuments(shown(providerId)),
  ]);
  return { reviews: found.map(toReview), page, limit, total, totalPages: Math.ceil(total / limit) };
}
