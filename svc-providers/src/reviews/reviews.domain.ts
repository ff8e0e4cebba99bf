import { createHash } from 'node:crypto';
import {
  ADMIN_REVIEWS_MAX_PAGE,
  ADMIN_REVIEWS_PAGE_SIZE,
  ProviderMessages,
  ReviewMessages,
  type AccessTokenClaims,
  type AdminReview,
  type AdminReviewsResponse,
  type OwnReview,
  type Review,
  type ReviewModerationAction,
  type ReviewState,
  type ReviewsResponse,
  type writeReviewRequestSchema,
} from '@altmed/contracts';
import { conflict, notFound, isDuplicateKeyError, outboxFieldsFor, withEvents } from '@altmed/service-kit';
import type { z } from 'zod';
import type { ProviderDocument } from '../providers/provider.model';
import type { ReviewDocument, ReviewModel, ReviewModerationEntry } from './review.model';
import type { ProviderSearch } from '../search/provider-search';
import { countedReviews, refreshReviewStats, type ReviewStatsDeps } from './review-stats';
import { reviewStateOf, type ModerationQueue } from './moderation-queue';
import { reviewChangedEvent } from './review-changed.event';

export interface ReviewsDeps extends ReviewStatsDeps {
  search: ProviderSearch;
  moderation: ModerationQueue;
  /** Called after a write that carries review.changed, so the relay publishes without waiting a poll. */
  onEventsWritten: () => void;
}

/**
 * After a write that carries review.changed: publish it now, and read the review into this
 * instance's moderation queue, so the admin's next page shows it. The write has happened: a failed
 * read is the queue's to make up for, not the caller's error.
 */
async function reviewWritten(deps: ReviewsDeps, reviewId: string): Promise<void> {
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

/* ----------------------------------------------------------------------------------------------
 * A member's own review
 * -------------------------------------------------------------------------------------------- */

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

const reviewNotFound = () => notFound(ReviewMessages.reviewNotFound);

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

/* ----------------------------------------------------------------------------------------------
 * Moderation by admins
 * -------------------------------------------------------------------------------------------- */

const auditOf = (entry: ReviewModerationEntry) => ({ action: entry.action, by: entry.by.email, at: entry.at.toISOString() });

function toAdminReview(review: ReviewDocument, provider: Pick<ProviderDocument, 'providerName' | 'practiceName'> | undefined): AdminReview {
  const history = (review.moderationHistory ?? []).map(auditOf);
  const last = history.at(-1);
  return {
    ...toOwnReview(review),
    ...(provider ? { providerName: provider.providerName, practiceName: provider.practiceName } : {}),
    moderationHistory: history,
    ...(last ? { lastModeration: last } : {}),
  };
}

/**
 * GET /admins/reviews: the reviews in one state (pending by default), newest submission first, a
 * page at a time, with their providers' names. Which reviews, and how many, the moderation queue
 * knows; the records are read by id. A record found changed (another instance's write whose event
 * has not come yet) is read into the queue and the page asked again, once.
 */
export async function listReviewsForAdmin(deps: ReviewsDeps, state: ReviewState, page: number): Promise<AdminReviewsResponse> {
  const skip = (page - 1) * ADMIN_REVIEWS_PAGE_SIZE;
  let found = await reviewsOfPage(deps, state, skip);
  if (found.stale.length > 0) {
    await deps.moderation.kept.refresh(found.stale);
    found = await reviewsOfPage(deps, state, skip);
  }
  // The providers' names come through the record cache that list pages share (a page's 20 records from FerretDB cost ~9 ms of CPU).
  const names = await deps.search.recordsOf(found.reviews.map((review) => review.providerId));
  const total = deps.moderation.count(state);
  return {
    reviews: found.reviews.map((review) => toAdminReview(review, names.get(review.providerId))),
    page,
    pageSize: ADMIN_REVIEWS_PAGE_SIZE,
    total,
    // Pages past ADMIN_REVIEWS_MAX_PAGE are not served: the pager offers only those it can open.
    totalPages: Math.min(ADMIN_REVIEWS_MAX_PAGE, Math.max(1, Math.ceil(total / ADMIN_REVIEWS_PAGE_SIZE))),
  };
}

/** The page's records in the queue's order, and the ids whose record is gone or in another state. */
async function reviewsOfPage(deps: ReviewsDeps, state: ReviewState, skip: number): Promise<{ reviews: ReviewDocument[]; stale: string[] }> {
  const ids = deps.moderation.page(state, skip, ADMIN_REVIEWS_PAGE_SIZE);
  if (ids.length === 0) return { reviews: [], stale: [] };
  const records = await deps.reviews.find({ _id: { $in: ids } }).lean<ReviewDocument[]>();
  const byId = new Map(records.map((record) => [record._id, record]));
  const reviews: ReviewDocument[] = [];
  const stale: string[] = [];
  for (const id of ids) {
    const record = byId.get(id);
    if (record?.isActive && reviewStateOf(record) === state) reviews.push(record);
    else stale.push(id);
  }
  return { reviews, stale };
}

/** Which states an action applies to: approve a pending or rejected review, reject a pending or approved one. */
const allowedFrom: Record<ReviewModerationAction, readonly ReviewState[]> = {
  approve: ['pending', 'rejected'],
  reject: ['pending', 'approved'],
};

/**
 * PUT /admins/reviews/{reviewId}/status: approves or rejects, with the admin and the time on the
 * review's trail, in one write made only if the review is still as it was read (a second admin at
 * the same moment, or an edit by its author, gets 409); then the provider's figures follow.
 */
export async function moderateReview(deps: ReviewsDeps, reviewId: string, action: ReviewModerationAction, admin: AccessTokenClaims): Promise<AdminReview> {
  const review = await deps.reviews.findOne({ _id: reviewId, isActive: true }).lean<ReviewDocument>();
  if (!review) throw reviewNotFound();
  const state = reviewStateOf(review);
  if (!allowedFrom[action].includes(state)) throw conflict(ReviewMessages.actionNotAllowed);

  const entry: ReviewModerationEntry = { action, by: { id: admin.sub, email: admin.email }, at: new Date() };
  const next: ReviewState = action === 'approve' ? 'approved' : 'rejected';
  const updated = await deps.reviews
    .findOneAndUpdate(
      { _id: reviewId, isApproved: review.isApproved, status: review.status ?? { $exists: false }, updatedAt: review.updatedAt },
      withEvents<ReviewDocument>({ $set: { status: next, isApproved: next === 'approved' }, $push: { moderationHistory: entry } }, [
        reviewChangedEvent([reviewId]),
      ]),
      { returnDocument: 'after' },
    )
    .lean<ReviewDocument>();
  if (!updated) throw conflict(ReviewMessages.actionNotAllowed);
  await reviewWritten(deps, reviewId);
  if (action === 'approve' || review.isApproved) await refreshReviewStats(deps, review.providerId);
  const names = await deps.search.recordsOf([review.providerId]);
  return toAdminReview(updated, names.get(review.providerId));
}
