import type { OwnReview, OwnReviewResponse, WriteReviewRequest } from '@altmed/contracts/web';
import { apiRequest } from '@altmed/web-kit';

/**
 * The logged-in member's own review of a provider: one per provider, written and changed with an
 * active membership; a new or changed review waits for an admin before the profile shows it.
 */

export const OwnReviewErrors = {
  load: 'Failed to load your review. Please try again.',
  save: 'Failed to save your review. Please try again.',
  remove: 'Failed to delete your review. Please try again.',
} as const;

const minePath = (providerId: string) => `/provider-info/${encodeURIComponent(providerId)}/reviews/mine`;

/** GET /api/provider-info/{id}/reviews/mine: the member's review in any state, or null. */
export async function fetchOwnReview(providerId: string, token: string | null, signal?: AbortSignal): Promise<OwnReview | null> {
  const reply = await apiRequest<Partial<OwnReviewResponse> | undefined>(minePath(providerId), { token, defaultError: OwnReviewErrors.load, signal });
  return reply?.review ?? null;
}

function reviewOf(reply: Partial<OwnReviewResponse> | undefined): OwnReview {
  if (!reply?.review) throw new Error(OwnReviewErrors.save);
  return reply.review;
}

/** POST /api/provider-info/{id}/reviews (a first review) or PUT …/reviews/mine (a change): answers the review, pending moderation. */
export async function saveOwnReview(providerId: string, token: string | null, review: WriteReviewRequest, existing: boolean): Promise<OwnReview> {
  const path = existing ? minePath(providerId) : `/provider-info/${encodeURIComponent(providerId)}/reviews`;
  return reviewOf(
    await apiRequest<Partial<OwnReviewResponse> | undefined>(path, {
      method: existing ? 'PUT' : 'POST',
      body: review,
      token,
      defaultError: OwnReviewErrors.save,
    }),
  );
}

/** DELETE /api/provider-info/{id}/reviews/mine. */
export async function deleteOwnReview(providerId: string, token: string | null): Promise<void> {
  await apiRequest(minePath(providerId), { method: 'DELETE', token, defaultError: OwnReviewErrors.remove });
}
