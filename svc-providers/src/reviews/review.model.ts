import { Schema, type Connection, type Model } from 'mongoose';
import { OUTBOX_INDEX, outboxSchemaFields, type WithOutbox } from '@altmed/service-kit';
import { REVIEW_MODERATION_ACTIONS, REVIEW_STATES, type ReviewModerationAction, type ReviewState } from '@altmed/contracts';

/** One administrator's approval or rejection, kept on the review (the audit trail). */
export interface ReviewModerationEntry {
  action: ReviewModerationAction;
  by: { id: string; email: string };
  at: Date;
}

export interface ReviewDocument extends Partial<WithOutbox> {
  /** A member's review: made from the provider and the member (`reviewIdOf`), so a member has one per provider. */
  _id: string;
  providerId: string;
  /** The member who wrote it; absent on reviews from before members wrote them (demo data). */
  userId?: string;
  /** "Ada L.": made by the server from the member's account name. */
  clientName: string;
  /** 1 to 5 for members' reviews; older ones have half steps from 0. */
  satisfactionRating: number;
  efficacyRating: number;
  /** Plain text, as the member wrote it (trimmed). */
  reviewText: string;
  isActive: boolean;
  /** True exactly while `status` is approved (what the profile's queries read). */
  isApproved: boolean;
  /** Absent on reviews older than moderation: read them through `reviewStateOf`. */
  status?: ReviewState;
  /** When the ratings and text were last written; a change sends the review back to moderation. */
  submittedAt?: Date;
  moderationHistory?: ReviewModerationEntry[];
  createdAt: Date;
  updatedAt: Date;
}

const rating = { type: Number, required: true, min: 0, max: 5 };

const reviewSchema = new Schema<ReviewDocument>(
  {
    _id: { type: String, required: true },
    providerId: { type: String, required: true },
    userId: { type: String },
    clientName: { type: String, required: true },
    satisfactionRating: rating,
    efficacyRating: rating,
    reviewText: { type: String, default: '' },
    isActive: { type: Boolean, required: true, default: true },
    isApproved: { type: Boolean, required: true, default: false },
    status: { type: String, enum: REVIEW_STATES },
    submittedAt: { type: Date },
    moderationHistory: {
      type: [
        new Schema<ReviewModerationEntry>(
          {
            action: { type: String, enum: REVIEW_MODERATION_ACTIONS, required: true },
            by: { id: { type: String, required: true }, email: { type: String, required: true } },
            at: { type: Date, required: true },
          },
          { _id: false },
        ),
      ],
      default: undefined,
    },
    ...outboxSchemaFields,
  },
  { timestamps: true, versionKey: false },
);
// A provider's shown reviews, newest first, and their figures.
reviewSchema.index({ providerId: 1, isActive: 1, isApproved: 1, createdAt: -1, _id: 1 });
// A member's reviews for an admin's Users Management, newest first.
reviewSchema.index({ userId: 1, createdAt: -1, _id: 1 });
// The admin Reviews page needs none: the moderation queue reads every review at start, with no filter.
// (An index on a flag alone misleads the local database, which has no statistics: it chose
// `{ isActive: 1 }` over the provider's index for a profile's reviews, a pass over every review.)
reviewSchema.index(OUTBOX_INDEX);

export type ReviewModel = Model<ReviewDocument>;

export function reviewModel(connection: Connection): ReviewModel {
  return connection.model<ReviewDocument>('Review', reviewSchema, 'reviews');
}
