import { z } from 'zod';
import { Messages } from './messages';

/** The shapes of the payments and promo-code calls (SPEC §7) and of the payment and membership events. */

/** Stripe object ids: a prefix, an underscore and letters or digits. */
const stripeId = (prefix: string) =>
  z
    .string()
    .max(255)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_]+$`), `Must be a ${prefix}_ id`);

/** A code as typed: trimmed, matched regardless of case (stored uppercased). */
export const promoCodeTextSchema = z
  .string({ error: Messages.invalidPromoCode })
  .trim()
  .max(50, Messages.invalidPromoCode)
  .transform((code) => code.toUpperCase());

/** POST /promo-codes/validate. */
export const validatePromoCodeRequestSchema = z.object({ code: promoCodeTextSchema.pipe(z.string().min(1, Messages.invalidPromoCode)) }).strict();
export type ValidatePromoCodeRequest = z.infer<typeof validatePromoCodeRequestSchema>;
export const validatePromoCodeResponseSchema = z.object({ discountPercentage: z.number() });
export type ValidatePromoCodeResponse = z.infer<typeof validatePromoCodeResponseSchema>;

/**
 * POST /payments/create-payment-intent: the spec's fields plus the promo code the amount was
 * computed with (an empty code is no code). The server recomputes the amount and refuses another.
 */
export const createPaymentIntentRequestSchema = z
  .object({
    amount: z.number({ error: 'Amount must be a whole number of cents' }).int('Amount must be a whole number of cents').min(0).max(1_000_000),
    userId: z.string({ error: 'User ID is required' }).min(1, 'User ID is required').max(100),
    doctorId: z.null().optional(),
    promoCode: promoCodeTextSchema.optional().nullable(),
  })
  .strict();
export type CreatePaymentIntentRequest = z.input<typeof createPaymentIntentRequestSchema>;

/**
 * `clientSecret` of the intent to confirm in the browser; null when nothing is charged (a 100 %
 * code), which activates the membership at once and says so with `message: 'Payment confirmed'`.
 */
export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string().nullable(),
  message: z.string().optional(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/** GET /payment-config.json (the gateway's): what card entry needs, null when payments are not set up. */
export interface PaymentConfig {
  stripe: { publishableKey: string; scriptUrl: string } | null;
}

/** POST /payments/confirm-payment. */
export const confirmPaymentRequestSchema = z
  .object({
    paymentIntentId: stripeId('pi'),
    paymentMethodId: stripeId('pm'),
  })
  .strict();
export type ConfirmPaymentRequest = z.infer<typeof confirmPaymentRequestSchema>;

/** `requiresAction: true` comes with the intent's client secret, for the browser's authentication step. */
export const confirmPaymentResponseSchema = z.object({
  message: z.string(),
  requiresAction: z.boolean(),
  clientSecret: z.string().optional(),
});
export type ConfirmPaymentResponse = z.infer<typeof confirmPaymentResponseSchema>;

/** POST /email/send-subscription-email (kept for the join flow; the email itself is sent from the payment's events). */
export const sendSubscriptionEmailRequestSchema = z
  .object({ userId: z.string({ error: 'User ID is required' }).min(1, 'User ID is required').max(100) })
  .strict();
export type SendSubscriptionEmailRequest = z.infer<typeof sendSubscriptionEmailRequestSchema>;

/** A paid membership as the member's account shows it: GET /payments/receipts, newest first. */
export const receiptSchema = z.object({
  paymentId: z.string(),
  /** The payment's reference (`paymentReference`): what the member quotes to support. */
  reference: z.string(),
  /** Cents; 0 for a 100 % code. */
  amount: z.number().int(),
  currency: z.string(),
  promoCode: z.string().nullable(),
  /** ISO date-time. */
  paidAt: z.string(),
  /** When the payment was refunded in full (its year taken back); null while it stands. */
  refundedAt: z.string().nullable(),
  /** When a refund was asked that is pending at the card's bank (the membership stands until it goes through); null otherwise. */
  refundPendingSince: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptsResponseSchema = z.object({ receipts: z.array(receiptSchema) });
export type ReceiptsResponse = z.infer<typeof receiptsResponseSchema>;

export const membershipSchema = z.object({
  status: z.enum(['none', 'active', 'expired']),
  /** ISO date-time; null when the user never paid. */
  endsAt: z.string().nullable(),
});
export type Membership = z.infer<typeof membershipSchema>;

const isoDateTime = z.iso.datetime();

/** A payment that succeeded: published once per payment by svc-billing. */
export const paymentSucceededV1Schema = z.object({
  /** svc-billing's payment record: the key that makes consumers idempotent per payment. */
  paymentId: z.string().min(1),
  userId: z.string().min(1),
  /** Cents charged (0 for a 100 % code). */
  amount: z.number().int().min(0),
  currency: z.string().length(3),
  promoCode: z.string().nullable(),
  /** null when nothing was charged. */
  paymentIntentId: z.string().nullable(),
  paidAt: isoDateTime,
});
export type PaymentSucceededV1 = z.infer<typeof paymentSucceededV1Schema>;

/**
 * A payment became membership time: published once per payment by svc-identity, with the period
 * it covers (from the payment, or from the end of the membership it extends) and what the receipt
 * needs.
 */
export const membershipActivatedV1Schema = paymentSucceededV1Schema.extend({
  email: z.string().min(1),
  name: z.string().min(1),
  periodStart: isoDateTime,
  periodEnd: isoDateTime,
  /** True when the payment extended a membership that was still active. */
  extended: z.boolean(),
});
export type MembershipActivatedV1 = z.infer<typeof membershipActivatedV1Schema>;
