import { Schema, type Connection, type Model } from 'mongoose';
import { OUTBOX_INDEX, outboxSchemaFields, type WithOutbox } from '@altmed/service-kit';

export const PAYMENT_STATUSES = ['creating', 'open', 'requires_action', 'processing', 'failed', 'succeeded', 'canceled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** One attempt to pay for a membership: one Stripe payment intent (none for a 100 % code). */
export interface PaymentDocument extends WithOutbox {
  _id: string;
  /**
   * Unique. While the payment can still be paid it is `open:<user>:<amount>:<code>`, so a second
   * request for the same purchase (a double click, a reload) finds this payment and its intent
   * instead of making another; once it succeeded or was canceled it becomes `closed:<id>`. A 100 %
   * code's redemption keeps `free:<user>:<code>` for good: one free year per user and code.
   */
  purchaseKey: string;
  userId: string;
  /** The member's name and email when they started the payment (absent on payments made before they were kept). */
  member?: { name: string; email: string };
  amount: number;
  currency: string;
  promoCode: string | null;
  discountPercentage: number;
  status: PaymentStatus;
  paymentIntentId?: string;
  clientSecret?: string;
  /** Stripe's message for the last failed attempt. */
  lastError?: string;
  paidAt?: Date;
  /** Each time an admin had the receipt emailed again (the audit trail). */
  receiptResends?: { by: { id: string; email: string }; at: Date }[];
  /** When the member deleted their account: the payment is kept for the books, without `member`. */
  memberDeletedAt?: Date;
  /** An administrator's ask for a refund, kept before Stripe is called: whichever records the refund (the call, the webhook) names them. */
  refundAskedBy?: { id: string; email: string };
  /** How many of this payment's refunds failed at Stripe: the next refund's idempotency key is attempt `refundsFailed + 1`. */
  refundsFailed?: number;
  /** A refund Stripe answered `pending` (its `refund.updated` tells the end): Stripe's refund, who asked (null: Stripe's dashboard), when. */
  refundPending?: { stripeRefundId: string; by: { id: string; email: string } | null; at: Date };
  /** The full refund, once recorded: Stripe's refund (null when only the charge told of it), who asked (null: Stripe's dashboard), when. */
  refund?: { stripeRefundId: string | null; by: { id: string; email: string } | null; at: Date };
  createdAt: Date;
  updatedAt: Date;
}

const paymentSchema = new Schema<PaymentDocument>(
  {
    _id: { type: String, required: true },
    purchaseKey: { type: String, required: true, unique: true },
    userId: { type: String, required: true },
    member: { type: new Schema({ name: { type: String, required: true }, email: { type: String, required: true } }, { _id: false }), default: undefined },
    amount: { type: Number, required: true },
    currency: { type: String, required: true },
    promoCode: { type: String, default: null },
    discountPercentage: { type: Number, required: true, default: 0 },
    status: { type: String, enum: PAYMENT_STATUSES, required: true },
    paymentIntentId: { type: String, index: true },
    clientSecret: { type: String },
    lastError: { type: String },
    paidAt: { type: Date },
    receiptResends: {
      type: [
        new Schema(
          { by: { id: { type: String, required: true }, email: { type: String, required: true } }, at: { type: Date, required: true } },
          { _id: false },
        ),
      ],
      default: undefined,
    },
    memberDeletedAt: { type: Date },
    refundAskedBy: { type: new Schema({ id: { type: String, required: true }, email: { type: String, required: true } }, { _id: false }), default: undefined },
    refundsFailed: { type: Number },
    refundPending: {
      type: new Schema(
        {
          stripeRefundId: { type: String, required: true },
          by: { type: new Schema({ id: { type: String, required: true }, email: { type: String, required: true } }, { _id: false }), default: null },
          at: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: undefined,
    },
    refund: {
      type: new Schema(
        {
          stripeRefundId: { type: String, default: null },
          by: { type: new Schema({ id: { type: String, required: true }, email: { type: String, required: true } }, { _id: false }), default: null },
          at: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: undefined,
    },
    ...outboxSchemaFields,
  },
  { timestamps: true, versionKey: false },
);
// A member's receipts: the succeeded payments, newest first.
paymentSchema.index({ userId: 1, status: 1, paidAt: -1 });
// A member's payments for an admin, newest first.
paymentSchema.index({ userId: 1, createdAt: -1, status: 1 });
paymentSchema.index(OUTBOX_INDEX);

export type PaymentModel = Model<PaymentDocument>;

export function paymentModel(connection: Connection): PaymentModel {
  return connection.model<PaymentDocument>('Payment', paymentSchema, 'payments');
}

/**
 * A payment's success, inserted once: its `_id` is the payment's, so of any number of concurrent
 * recorders (the confirm call, webhook copies) exactly one insert succeeds, and that one carries the
 * payment.succeeded event in its outbox. (A conditional update is not enough on FerretDB: two
 * concurrent findOneAndUpdate calls filtered on the old status can both match.)
 */
export interface PaymentSuccessDocument extends WithOutbox {
  _id: string;
  paymentIntentId: string;
  paidAt: Date;
}

const paymentSuccessSchema = new Schema<PaymentSuccessDocument>(
  {
    _id: { type: String, required: true },
    paymentIntentId: { type: String, required: true },
    paidAt: { type: Date, required: true },
    ...outboxSchemaFields,
  },
  { versionKey: false },
);
paymentSuccessSchema.index(OUTBOX_INDEX);

export type PaymentSuccessModel = Model<PaymentSuccessDocument>;

export function paymentSuccessModel(connection: Connection): PaymentSuccessModel {
  return connection.model<PaymentSuccessDocument>('PaymentSuccess', paymentSuccessSchema, 'payment_successes');
}

/**
 * A payment's full refund, inserted once like its success: of the admin's call and Stripe's
 * `charge.refunded` copies, exactly one insert succeeds and carries payment.refunded.
 */
export interface PaymentRefundDocument extends WithOutbox {
  _id: string;
  stripeRefundId: string | null;
  by: { id: string; email: string } | null;
  refundedAt: Date;
}

const paymentRefundSchema = new Schema<PaymentRefundDocument>(
  {
    _id: { type: String, required: true },
    stripeRefundId: { type: String, default: null },
    by: { type: new Schema({ id: { type: String, required: true }, email: { type: String, required: true } }, { _id: false }), default: null },
    refundedAt: { type: Date, required: true },
    ...outboxSchemaFields,
  },
  { versionKey: false },
);
paymentRefundSchema.index(OUTBOX_INDEX);

export type PaymentRefundModel = Model<PaymentRefundDocument>;

export function paymentRefundModel(connection: Connection): PaymentRefundModel {
  return connection.model<PaymentRefundDocument>('PaymentRefund', paymentRefundSchema, 'payment_refunds');
}

/** Stripe events already handled, by event id: a redelivered event is answered without work. */
export interface StripeEventDocument {
  _id: string;
  type: string;
  receivedAt: Date;
}

const stripeEventSchema = new Schema<StripeEventDocument>(
  { _id: { type: String, required: true }, type: { type: String, required: true }, receivedAt: { type: Date, required: true } },
  { versionKey: false },
);

export type StripeEventModel = Model<StripeEventDocument>;

export function stripeEventModel(connection: Connection): StripeEventModel {
  return connection.model<StripeEventDocument>('StripeEvent', stripeEventSchema, 'stripe_events');
}
