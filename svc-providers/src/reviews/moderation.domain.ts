import {
  ADMIN_REVIEWS_MAX_PAGE,
  ADMIN_REVIEWS_PAGE_SIZE,
  ReviewMessages,
  type AccessTokenClaims,
  type AdminReview,
  type AdminReviewsResponse,
  type ReviewModerationAction,
  type ReviewState,
} from '@altmed/contracts';
import { conflict, withEvents } from '@altmed/service-kit';
import type { ProviderDocument } from '../providers/provider.model';
import type { ProviderSearch } from '../search/provider-search';
import type { ReviewDocument, ReviewModerationEntry } from './review.model';
import { refreshReviewStats } from './review-stats';
import { reviewStateOf } from './moderation-queue-index';
import { reviewChangedEvent } from './review-changed.event';
import { reviewNotFound, reviewWritten, toOwnReview, type ReviewsDeps } from './member-reviews.domain';

export interface ModerationDeps extends ReviewsDeps {
  /** The providers' names on a page come through the record cache that list pages share. */
  search: Pick<ProviderSearch, 'recordsOf'>;
}

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
export async function listReviewsForAdmin(deps: ModerationDeps, state: ReviewState, page: number): Promise<AdminReviewsResponse> {
  await deps.moderation.kept.whenRead(ReviewMessages.listLoading);
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
async function reviewsOfPage(deps: ModerationDeps, state: ReviewState, skip: number): Promise<{ reviews: ReviewDocument[]; stale: string[] }> {
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
export async function moderateReview(deps: ModerationDeps, reviewId: string, action: ReviewModerationAction, admin: AccessTokenClaims): Promise<AdminReview> {
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
