import { Schema, type Connection, type Model } from 'mongoose';
import { PROMO_DISCOUNT_MAX, PROMO_DISCOUNT_MIN } from '@altmed/contracts';

export interface PromoCodeDocument {
  _id: string;
  /** Stored uppercased: FerretDB has no collations, so case-insensitive matching lives in the value. */
  code: string;
  discountPercentage: number;
  /** The code stops working at this time; none: it never expires. */
  expiresAt?: Date | null;
  isActive: boolean;
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
  },
  { timestamps: true, versionKey: false },
);

export type PromoCodeModel = Model<PromoCodeDocument>;

export function promoCodeModel(connection: Connection): PromoCodeModel {
  return connection.model<PromoCodeDocument>('PromoCode', promoCodeSchema, 'promo_codes');
}
