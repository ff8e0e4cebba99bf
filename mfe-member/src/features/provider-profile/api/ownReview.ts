import type { OwnReview, OwnReviewResponse, WriteReviewRequest } from '@altmed/contracts/web';
import { apiCall } from '@altmed/web-kit';

/**
 * The logged-in member's own review of a provider: one per provider, written and changed with an
 * active membership; a new or changed review waits for an admin before the profile shows it.
 */

export const OwnReviewErrors = {
  load: 'Failed to load your review. Please try again.',
  save: 'Failed to save your review. Please try again.',
  remove: 'Failed to delete your review. Please try again.',
} as const;

/** GET /api/provider-info/{id}/reviews/mine: the member's review in any state, or null. */
export async function fetchOwnReview(providerId: string, token: string | null, signal?: AbortSignal): Promise<OwnReview | null> {
  const reply = await apiCall('GET /provider-info/:id/reviews/mine', { params: { id: providerId }, token, defaultError: OwnReviewErrors.load, signal });
  return reply?.review ?? null;
}

function reviewOf(reply: OwnReviewResponse | undefined): OwnReview {
  if (!reply?.review) throw new Error(OwnReviewErrors.save);
  return reply.review;
}

/** POST /api/provider-info/{id}/reviews (a first review) or PUT …/reviews/mine (a change): answers the review, pending moderation. */
export async function saveOwnReview(providerId: string, token: string | null, review: WriteReviewRequest, existing: boolean): Promise<OwnReview> {
  const request = { params: { id: providerId }, body: review, token, defaultError: OwnReviewErrors.save };
  return reviewOf(await (existing ? apiCall('PUT /provider-info/:id/reviews/mine', request) : apiCall('POST /provider-info/:id/reviews', request)));
}

/** DELETE /api/provider-info/{id}/reviews/mine. */
export async function deleteOwnReview(providerId: string, token: string | null): Promise<void> {
  await apiCall('DELETE /provider-info/:id/reviews/mine', { params: { id: providerId }, token, defaultError: OwnReviewErrors.remove });
}
