import { Schema, type Connection, type Model } from 'mongoose';
import { OUTBOX_INDEX, outboxSchemaFields, type WithOutbox } from '@altmed/service-kit';
import type { StoredImage } from '../uploads/images';

/**
 * `creating` while step 1 makes the provider's login in svc-identity; `active` once both halves
 * exist. A `creating` record is never shown and is removed if step 1 did not finish.
 */
export const ACCOUNT_STATES = ['creating', 'active'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export interface StateLicenseRecord {
  state: string;
  deaNumber: string;
  licenseNumber: string;
}

/** One administrator's status change, kept on the record (the audit trail). */
export interface StatusChange {
  action: 'approve' | 'block' | 'unblock';
  by: { id: string; email: string };
  at: Date;
}

/** The approved, active reviews in figures, kept on the record whenever one is approved, changed or removed: what the directory sorts by and shows. */
export interface StoredReviewStats {
  totalReviews: number;
  averageSatisfactionRating: number;
  averageEfficacyRating: number;
  /** The mean of the two averages: the one rating a result card shows and the directory sorts by (0 without reviews). */
  averageRating: number;
}

/**
 * Only these records are ever listed to members: approved, not blocked, sign-up finished. Flat
 * equalities, so that the local database answers them from its indexes.
 */
export const LISTED = { accountState: 'active', isApproved: true, isActive: true } as const;

export const isListed = (record: Pick<ProviderDocument, 'accountState' | 'isApproved' | 'isActive'>) =>
  record.accountState === LISTED.accountState && record.isApproved && record.isActive;

/** The figures of a provider no review counts for yet. */
export const NO_REVIEWS: StoredReviewStats = { totalReviews: 0, averageSatisfactionRating: 0, averageEfficacyRating: 0, averageRating: 0 };

export interface ProviderDocument extends WithOutbox {
  _id: string;
  accountState: AccountState;
  practiceName: string;
  providerName: string;
  /** Lowercased: FerretDB has no collations, so case-insensitive uniqueness lives in the value. */
  email: string;
  npiNumber: string;
  address: string;
  suite: string;
  city: string;
  state: string;
  zip: string;
  phone?: string;
  specialties: string[];
  boardCertifications: string[];
  hospitalAffiliations: string[];
  educationAndTraining: string[];
  stateLicenses: StateLicenseRecord[];
  headshot?: StoredImage;
  gallery?: StoredImage;
  practiceDescription?: string;
  isActive: boolean;
  isApproved: boolean;
  blockedReason?: string;
  /** Every approval, block and unblock, oldest first. */
  statusHistory?: StatusChange[];
  /** When step 3 was first saved (provider.registered was written then). */
  registeredAt?: Date;
  /** Absent until the first review is counted (or the service's start-up backfill runs). */
  reviewStats?: StoredReviewStats;
  /** Counts the review changes that touched the figures; the figures are written only by the latest one (see reviews/review-stats.ts). */
  reviewsRevision?: number;
  createdAt: Date;
  updatedAt: Date;
}

const storedImageSchema = new Schema<StoredImage>({ key: { type: String, required: true }, thumbnailKey: { type: String, required: true } }, { _id: false });

const providerSchema = new Schema<ProviderDocument>(
  {
    _id: { type: String, required: true },
    accountState: { type: String, enum: ACCOUNT_STATES, required: true, default: 'creating' },
    practiceName: { type: String, required: true },
    providerName: { type: String, required: true },
    email: { type: String, required: true, unique: true },
    npiNumber: { type: String, required: true, unique: true },
    address: { type: String, required: true },
    suite: { type: String, default: '' },
    city: { type: String, required: true },
    state: { type: String, required: true },
    zip: { type: String, required: true },
    phone: { type: String },
    specialties: { type: [String], default: [] },
    boardCertifications: { type: [String], default: [] },
    hospitalAffiliations: { type: [String], default: [] },
    educationAndTraining: { type: [String], default: [] },
    stateLicenses: {
      type: [new Schema<StateLicenseRecord>({ state: String, deaNumber: String, licenseNumber: String }, { _id: false })],
      default: [],
    },
    headshot: { type: storedImageSchema },
    gallery: { type: storedImageSchema },
    practiceDescription: { type: String },
    isActive: { type: Boolean, required: true, default: true },
    isApproved: { type: Boolean, required: true, default: false },
    blockedReason: { type: String },
    statusHistory: {
      type: [
        new Schema<StatusChange>(
          {
            action: { type: String, required: true },
            by: { id: { type: String, required: true }, email: { type: String, required: true } },
            at: { type: Date, required: true },
          },
          { _id: false },
        ),
      ],
      default: undefined,
    },
    registeredAt: { type: Date },
    reviewStats: {
      type: new Schema<StoredReviewStats>(
        {
          totalReviews: { type: Number, required: true },
          averageSatisfactionRating: { type: Number, required: true },
          averageEfficacyRating: { type: Number, required: true },
          averageRating: { type: Number, required: true },
        },
        { _id: false },
      ),
    },
    reviewsRevision: { type: Number },
    ...outboxSchemaFields,
  },
  { timestamps: true, versionKey: false },
);
// Sign-ups left unfinished.
providerSchema.index({ accountState: 1, createdAt: 1 });
providerSchema.index(OUTBOX_INDEX);

export type ProviderModel = Model<ProviderDocument>;

export function providerModel(connection: Connection): ProviderModel {
  return connection.model<ProviderDocument>('Provider', providerSchema, 'providers');
}
