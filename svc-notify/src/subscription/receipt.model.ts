import { Schema, type Connection, type Model } from 'mongoose';

/** What one payment bought, as svc-identity announced it (membership.activated): the receipt of its subscription email. */
export interface ReceiptDocument {
  /** svc-billing's payment id: one receipt, and one email, per payment. */
  _id: string;
  userId: string;
  email: string;
  name: string;
  amount: number;
  currency: string;
  promoCode: string | null;
  paymentIntentId: string | null;
  paidAt: Date;
  periodStart: Date;
  periodEnd: Date;
  /** Whether the payment extended a membership that was still active (absent on receipts kept before it was stored). */
  extended?: boolean;
  /** Set once the subscription email went out. */
  emailSentAt?: Date;
  createdAt: Date;
}

const receiptSchema = new Schema<ReceiptDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    email: { type: String, required: true },
    name: { type: String, required: true },
    amount: { type: Number, required: true },
    currency: { type: String, required: true },
    promoCode: { type: String, default: null },
    paymentIntentId: { type: String, default: null },
    paidAt: { type: Date, required: true },
    periodStart: { type: Date, required: true },
    periodEnd: { type: Date, required: true },
    extended: { type: Boolean },
    emailSentAt: { type: Date },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
// A member's latest receipt: whether its email went out.
receiptSchema.index({ userId: 1, paidAt: -1 });

export type ReceiptModel = Model<ReceiptDocument>;

export function receiptModel(connection: Connection): ReceiptModel {
  return connection.model<ReceiptDocument>('Receipt', receiptSchema, 'subscription_receipts');
}
