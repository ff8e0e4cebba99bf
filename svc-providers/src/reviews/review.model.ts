import { Schema, type Connection, type Model } from 'mongoose';

export interface ReviewDocument {
  _id: string;
  providerId: string;
  clientName: string;
  /** 0 to 5, in half steps. */
  satisfactionRating: number;
  efficacyRating: number;
  reviewText: string;
  isActive: boolean;
  isApproved: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const rating = { type: Number, required: true, min: 0, max: 5 };

const reviewSchema = new Schema<ReviewDocument>(
  {
    _id: { type: String, required: true },
    providerId: { type: String, required: true },
    clientName: { type: String, required: true },
    satisfactionRating: rating,
    efficacyRating: rating,
    reviewText: { type: String, default: '' },
    isActive: { type: Boolean, required: true, default: true },
    isApproved: { type: Boolean, required: true, default: false },
  },
  { timestamps: true, versionKey: false },
);
reviewSchema.index({ providerId: 1, isActive: 1, isApproved: 1, createdAt: -1 });

export type ReviewModel = Model<ReviewDocument>;

export function reviewModel(connection: Connection): ReviewModel {
  return connection.model<ReviewDocument>('Review', reviewSchema, 'reviews');
}
