import { z } from 'zod';
import {
  ADMIN_REVIEWS_MAX_PAGE,
  PROFILE_REVIEWS_LOADED,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_TEXT_MIN_LENGTH,
  REVIEWS_DEFAULT_LIMIT,
  REVIEWS_DEFAULT_PAGE,
} from './constants';
import { ReviewMessages } from './messages';

/**
 * Reviews written by members (one per member and provider), and their moderation by admins. A
 * review is plain text: stored and answered as written, never as markup.
 */

export const reviewSchema = z.object({
  _id: z.string(),
  clientName: z.string().optional(),
  satisfactionRating: z.number().optional(),
  efficacyRating: z.number().optional(),
  reviewText: z.string().optional(),
  createdAt: z.string().optional(),
  isActive: z.boolean().optional(),
  isApproved: z.boolean().optional(),
});
export type Review = z.infer<typeof reviewSchema>;

/** Computed from the provider's active, approved reviews; averages are 0 when there are none. */
export const reviewStatsSchema = z.object({
  totalReviews: z.number().optional(),
  averageSatisfactionRating: z.number().optional(),
  averageEfficacyRating: z.number().optional(),
});
export type ReviewStats = z.infer<typeof reviewStatsSchema>;

/** GET /provider-info/{id}/reviews?page&limit: defaults 1 and 10; the profile asks for 50 at most. */
export const reviewsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).optional().default(REVIEWS_DEFAULT_PAGE),
    limit: z.coerce.number().int().min(1).max(PROFILE_REVIEWS_LOADED).optional().default(REVIEWS_DEFAULT_LIMIT),
  })
  .strict();
export type ReviewsQuery = z.input<typeof reviewsQuerySchema>;

export const reviewsResponseSchema = z.object({
  reviews: z.array(reviewSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;

/** Where a review stands: waiting for an admin, shown on the profile, or turned down. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_MODERATION_ACTIONS = ['approve', 'reject'] as const;
export type ReviewModerationAction = (typeof REVIEW_MODERATION_ACTIONS)[number];

const ratingSchema = z
  .number({ error: ReviewMessages.ratingInvalid })
  .int(ReviewMessages.ratingInvalid)
  .min(REVIEW_RATING_MIN, ReviewMessages.ratingInvalid)
  .max(REVIEW_RATING_MAX, ReviewMessages.ratingInvalid);

/** POST /provider-info/{id}/reviews and PUT /provider-info/{id}/reviews/mine. The name shown comes from the member's account, never from here. */
export const writeReviewRequestSchema = z
  .object({
    satisfactionRating: ratingSchema,
    efficacyRating: ratingSchema,
    reviewText: z
      .string({ error: ReviewMessages.textRequired })
      .trim()
      .min(REVIEW_TEXT_MIN_LENGTH, ReviewMessages.textTooShort)
      .max(REVIEW_TEXT_MAX_LENGTH, ReviewMessages.textTooLong),
  })
  .strict();
export type WriteReviewRequest = z.input<typeof writeReviewRequestSchema>;

/** One admin's moderation of a review, oldest first on the review (the audit trail). */
export const reviewModerationSchema = z.object({
  action: z.enum(REVIEW_MODERATION_ACTIONS),
  /** The admin's email. */
  by: z.string(),
  at: z.string(),
});
export type ReviewModeration = z.infer<typeof reviewModerationSchema>;

/** A review as its author (and admins) see it: its state too, whatever it is. */
export const ownReviewSchema = z.object({
  _id: z.string(),
  providerId: z.string(),
  clientName: z.string(),
  satisfactionRating: z.number(),
  efficacyRating: z.number(),
  reviewText: z.string(),
  status: z.enum(REVIEW_STATES),
  createdAt: z.string(),
  /** When the text or ratings were last written (an edit goes back to moderation). */
  submittedAt: z.string(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** GET, POST and PUT of the member's own review: `{ review }`, null when the member has none. */
export const ownReviewResponseSchema = z.object({ review: ownReviewSchema.nullable() });
export type OwnReviewResponse = z.infer<typeof ownReviewResponseSchema>;

/** A review on the admin Reviews page: with its provider's name and every moderation so far. */
export const adminReviewSchema = ownReviewSchema.extend({
  providerName: z.string().optional(),
  practiceName: z.string().optional(),
  moderationHistory: z.array(reviewModerationSchema),
  lastModeration: reviewModerationSchema.optional(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** GET /admins/reviews?status&page: pending reviews by default, newest first. */
export const adminReviewsQuerySchema = z
  .object({
    status: z.enum(REVIEW_STATES, { error: ReviewMessages.statusInvalid }).optional().default('pending'),
    page: z.coerce
      .number({ error: ReviewMessages.pageInvalid })
      .int(ReviewMessages.pageInvalid)
      .min(1, ReviewMessages.pageInvalid)
      .max(ADMIN_REVIEWS_MAX_PAGE, ReviewMessages.pageInvalid)
      .optional()
      .default(1),
  })
  .strict();
export type AdminReviewsQuery = z.input<typeof adminReviewsQuerySchema>;

export const adminReviewsResponseSchema = z.object({
  reviews: z.array(adminReviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AdminReviewsResponse = z.infer<typeof adminReviewsResponseSchema>;

/** PUT /admins/reviews/{reviewId}/status. */
export const reviewModerationRequestSchema = z.object({ action: z.enum(REVIEW_MODERATION_ACTIONS, { error: ReviewMessages.actionInvalid }) }).strict();
export type ReviewModerationRequest = z.infer<typeof reviewModerationRequestSchema>;

/** The answer of a moderation: the review as the admin page shows it. */
export const adminReviewResponseSchema = z.object({ review: adminReviewSchema });
export type AdminReviewResponse = z.infer<typeof adminReviewResponseSchema>;
