import { createHash } from 'node:crypto';
import {
  ProviderMessages,
  ReviewMessages,
  type AccessTokenClaims,
  type OwnReview,
  type Review,
  type ReviewsResponse,
  type writeReviewRequestSchema,
} from '@altmed/contracts';
import { conflict, notFound, isDuplicateKeyError, outboxFieldsFor, withEvents } from '@altmed/service-kit';
import type { z } from 'zod';
import type { ProviderDocument } from '../providers/provider.model';
import type { ReviewDocument, ReviewModel } from './review.model';
import { countedReviews, refreshReviewStats, type ReviewStatsDeps } from './review-stats';
import { reviewStateOf } from './moderation-queue-index';
import type { ModerationQueue } from './moderation-queue';
import { reviewChangedEvent } from './review-changed.event';

export interface ReviewsDeps extends ReviewStatsDeps {
  moderation: ModerationQueue;
  /** Called after a write that carries review.changed, so the relay publishes without waiting a poll. */
  onEventsWritten: () => void;
}

/**
 * After a write that carries review.changed: publish it now, and read the review into this
 * instance's moderation queue, so the admin's next page shows it. The write has happened: a failed
 * read is the queue's to make up for, not the caller's error.
 */
export async function reviewWritten(deps: ReviewsDeps, reviewId: string): Promise<void> {
  deps.onEventsWritten();
  await deps.moderation.kept.written([reviewId]);
}

type WriteReview = z.infer<typeof writeReviewRequestSchema>;

/** Only active, approved reviews are ever shown or counted. */
const shown = (providerId: string) => ({ providerId, ...countedReviews });

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

/**
 * The id of a member's review of a provider, the same every time: two submissions at once make one
 * record, and the other gets a duplicate key (in UUID form, version nibble 5, like the seed's ids).
 */
export function reviewIdOf(providerId: string, userId: string): string {
  const hex = createHash('sha256').update(`altmed-review:${providerId}:${userId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const MAX_FIRST_NAME = 40;

/** The name a review is shown under: the first name and the last name's initial ("Ada Lovelace" → "Ada L."), from the account. */
export function displayNameOf(accountName: string): string {
  const words = accountName.trim().split(/\s+/u).filter(Boolean);
  const first = [...(words[0] ?? '')].slice(0, MAX_FIRST_NAME).join('');
  if (!first) return 'Member';
  const last = words.length > 1 ? [...words.at(-1)!][0] : undefined;
  return last ? `${first} ${last.toUpperCase()}.` : first;
}

export function toOwnReview(review: ReviewDocument): OwnReview {
  return {
    _id: review._id,
    providerId: review.providerId,
    clientName: review.clientName,
    satisfactionRating: review.satisfactionRating,
    efficacyRating: review.efficacyRating,
    reviewText: review.reviewText,
    status: reviewStateOf(review),
    createdAt: review.createdAt.toISOString(),
    submittedAt: (review.submittedAt ?? review.createdAt).toISOString(),
  };
}

/** A provider members may review: approved, active, with an account ("Provider Not Found" otherwise). */
async function reviewableProvider(deps: ReviewsDeps, providerId: string): Promise<void> {
  const found = await deps.providers.exists({ _id: providerId, accountState: 'active', isActive: true, isApproved: true });
  if (!found) throw notFound(ProviderMessages.providerNotFound);
}

export const reviewNotFound = () => notFound(ReviewMessages.reviewNotFound);

/** POST /provider-info/{id}/reviews: the member's one review of the provider, waiting for moderation. */
export async function createReview(deps: ReviewsDeps, providerId: string, auth: AccessTokenClaims, review: WriteReview): Promise<OwnReview> {
  await reviewableProvider(deps, providerId);
  const _id = reviewIdOf(providerId, auth.sub);
  if (await deps.reviews.exists({ _id })) throw conflict(ReviewMessages.alreadyReviewed);
  const now = new Date();
  try {
    const created = await deps.reviews.create({
      _id,
      providerId,
      userId: auth.sub,
      clientName: displayNameOf(auth.name),
      ...review,
      isActive: true,
      isApproved: false,
      status: 'pending',
      submittedAt: now,
      ...outboxFieldsFor([reviewChangedEvent([_id])]),
    });
    await reviewWritten(deps, _id);
    return toOwnReview(created.toObject());
  } catch (err) {
    if (isDuplicateKeyError(err)) throw conflict(ReviewMessages.alreadyReviewed);
    throw err;
  }
}

/** GET /provider-info/{id}/reviews/mine: the caller's review of the provider in any state, or null. */
export async function getOwnReview(deps: ReviewsDeps, providerId: string, auth: AccessTokenClaims): Promise<OwnReview | null> {
  const review = await deps.reviews.findById(reviewIdOf(providerId, auth.sub)).lean<ReviewDocument>();
  return review ? toOwnReview(review) : null;
}

/**
 * PUT /provider-info/{id}/reviews/mine: new ratings and text, back to moderation (an approved one
 * leaves the figures until approved again). The figures are counted again after every edit: an
 * admin may approve the review between this read and this write.
 */
export async function updateOwnReview(deps: ReviewsDeps, providerId: string, auth: AccessTokenClaims, review: WriteReview): Promise<OwnReview> {
  await reviewableProvider(deps, providerId);
  const _id = reviewIdOf(providerId, auth.sub);
  const current = await deps.reviews.findById(_id).lean<ReviewDocument>();
  if (!current) throw reviewNotFound();
  const unchanged =
    current.satisfactionRating === review.satisfactionRating && current.efficacyRating === review.efficacyRating && current.reviewText === review.reviewText;
  if (unchanged) return toOwnReview(current);
  const updated = await deps.reviews
    .findOneAndUpdate(
      { _id },
      withEvents<ReviewDocument>({ $set: { ...review, clientName: displayNameOf(auth.name), status: 'pending', isApproved: false, submittedAt: new Date() } }, [
        reviewChangedEvent([_id]),
      ]),
      { returnDocument: 'after' },
    )
    .lean<ReviewDocument>();
  if (!updated) throw reviewNotFound();
  await reviewWritten(deps, _id);
  await refreshReviewStats(deps, providerId);
  return toOwnReview(updated);
}

/**
 * DELETE /provider-info/{id}/reviews/mine: removes it; the member may write a new one. A removed
 * review cannot carry its own event: the provider's record carries review.changed (the write after
 * the removal; should it be lost, the page that would list the review drops it when it reads it).
 */
export async function deleteOwnReview(deps: ReviewsDeps, providerId: string, auth: AccessTokenClaims): Promise<void> {
  const removed = await deps.reviews.findOneAndDelete({ _id: reviewIdOf(providerId, auth.sub) }).lean<ReviewDocument>();
  if (!removed) throw reviewNotFound();
  await deps.providers.updateOne({ _id: providerId }, withEvents<ProviderDocument>({}, [reviewChangedEvent([removed._id])]), { timestamps: false });
  await reviewWritten(deps, removed._id);
  if (removed.isApproved) await refreshReviewStats(deps, providerId);
}
