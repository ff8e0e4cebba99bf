import type { AdminReview, AdminReviewResponse, AdminReviewsResponse, ReviewModerationAction, ReviewState } from '@altmed/contracts/web';
import { apiCall } from '@altmed/web-kit';

export type { AdminReview, ReviewModerationAction, ReviewState } from '@altmed/contracts/web';

export const ReviewErrors = {
  fetch: 'Failed to fetch reviews',
  moderate: 'Failed to update the review',
} as const;

/** A page of the Reviews list; the page numbers are always there (the server counts pages from 1). */
export type ReviewsPageData = Required<Pick<AdminReviewsResponse, 'reviews' | 'page' | 'totalPages' | 'total'>>;

/** GET /api/admins/reviews?status&page with the admin's token (pending reviews unless another state is asked for). */
export async function fetchReviews(token: string | null, query: { status: ReviewState; page: number }, signal?: AbortSignal): Promise<ReviewsPageData> {
  const data = await apiCall('GET /admins/reviews', { query: { status: query.status, page: query.page }, token, defaultError: ReviewErrors.fetch, signal });
  const reviews = Array.isArray(data?.reviews) ? data.reviews : [];
  const page = data?.page ?? query.page;
  return { reviews, page, totalPages: Math.max(1, data?.totalPages ?? page), total: data?.total ?? reviews.length };
}

/** PUT /api/admins/reviews/{id}/status: approve or reject. */
export function moderateReview(token: string | null, id: string, action: ReviewModerationAction): Promise<AdminReviewResponse> {
  return apiCall('PUT /admins/reviews/:reviewId/status', { params: { reviewId: id }, body: { action }, token, defaultError: ReviewErrors.moderate });
}

/** Which actions a review offers: Approve unless published, Reject unless turned down already. */
export function availableActions(review: Pick<AdminReview, 'status'>): ReviewModerationAction[] {
  if (review.status === 'approved') return ['reject'];
  if (review.status === 'rejected') return ['approve'];
  return ['approve', 'reject'];
}
