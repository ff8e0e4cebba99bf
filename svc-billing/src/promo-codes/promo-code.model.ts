import { Schema, type Connection, type Model } from 'mongoose';
import { PROMO_DISCOUNT_MAX, PROMO_DISCOUNT_MIN } from '@altmed/contracts';

/** The administrator who created a code, from their token (the audit trail). */
export interface PromoCodeCreator {
  id: string;
  email: string;
  name: string;
}

export interface PromoCodeDocument {
  _id: string;
  /** Stored uppercased: FerretDB has no collations, so case-insensitive matching lives in the value. */
  code: string;
  discountPercentage: number;
  /** The code stops working at this time; none: it never expires. */
  expiresAt?: Date | null;
  isActive: boolean;
  /** Absent on codes made before the audit trail. */
  createdBy?: PromoCodeCreator;
  createdAt: Date;
  updatedAt: Date;
}

const promoCodeSchema = new Schema<PromoCodeDocument>(
  {
    _id: { type: String, required: true },
    code: { type: String, required: true, unique: true },
    discountPercentage: { type: Number, required: true, min: PROMO_DISCOUNT_MIN, max: PROMO_DISCOUNT_MAX },
    expiresAt: { type: Date, default: null },
    isActive: { type: Boolean, required: true, default: true },
    createdBy: {
      type: new Schema<PromoCodeCreator>(
        { id: { type: String, required: true }, email: { type: String, required: true }, name: { type: String, required: true } },
        { _id: false },
      ),
    },
  },
  { timestamps: true, versionKey: false },
);
// The admins' list, newest first.
promoCodeSchema.index({ createdAt: -1 });

export type PromoCodeModel = Model<PromoCodeDocument>;

export function promoCodeModel(connection: Connection): PromoCodeModel {
  return connection.model<PromoCodeDocument>('PromoCode', promoCodeSchema, 'promo_codes');
}
