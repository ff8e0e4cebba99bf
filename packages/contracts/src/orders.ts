import { z } from 'zod';
import { ADMIN_ORDERS_MAX_PAGE, ORDER_STATUSES } from './constants';
import { adminPaymentSchema } from './members-admin';
import { OrderMessages } from './messages';

/**
 * The admin area's Orders Management: every payment attempt (svc-billing's), found by member or
 * promo code, filtered by status, and a paid one refunded in full through Stripe.
 */

/** GET /payments: a search of the member's name or email, the promo code or the payment's reference (any part, any case), a status, a page. */
export const adminOrdersQuerySchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    status: z.enum(ORDER_STATUSES, { error: OrderMessages.statusInvalid }).optional(),
    page: z.coerce
      .number({ error: OrderMessages.pageInvalid })
      .int(OrderMessages.pageInvalid)
      .min(1, OrderMessages.pageInvalid)
      .max(ADMIN_ORDERS_MAX_PAGE, OrderMessages.pageInvalid)
      .optional(),
  })
  .strict();
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** A payment as Orders Management lists it: with the member it was made by (name and email at the time; null for payments made before they were kept, or a deleted account). */
export const adminOrderSchema = adminPaymentSchema.extend({
  member: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrdersResponseSchema = z.object({
  payments: z.array(adminOrderSchema),
  /** Payments matching the search in each status (before the status filter). */
  counts: z.object({ all: z.number().int(), ...Object.fromEntries(ORDER_STATUSES.map((status) => [status, z.number().int()])) } as Record<
    'all' | (typeof ORDER_STATUSES)[number],
    z.ZodNumber
  >),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Payments matching the search and the status, over every page. */
  total: z.number().int(),
  /** Pages the list offers (at most `ADMIN_ORDERS_MAX_PAGE`). */
  totalPages: z.number().int(),
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

/** POST /payments/{paymentId}/refund: the whole amount goes back to the card; the answer is the payment as it now stands. */
export const refundResponseSchema = z.object({ message: z.string(), payment: adminOrderSchema });
export type RefundResponse = z.infer<typeof refundResponseSchema>;

/**
 * A paid membership was refunded in full (from Orders Management, or in Stripe's dashboard): svc-identity
 * ends the membership it paid for, svc-notify emails the member once.
 */
export const paymentRefundedV1Schema = z.object({
  paymentId: z.string().min(1),
  userId: z.string().min(1),
  /** Cents given back: the whole payment. */
  amount: z.number().int().min(1),
  currency: z.string().length(3),
  refundedAt: z.iso.datetime(),
  /** The administrator who asked for it; null for a refund made in Stripe's dashboard. */
  refundedBy: z.object({ id: z.string().min(1), email: z.string().min(1) }).nullable(),
  /** Who to email, as the payment kept them; null once the member deleted their account (no email then). */
  member: z.object({ name: z.string().min(1), email: z.string().min(1) }).nullable(),
  /** Stripe's payment intent, to find the payment in Stripe's dashboard (the member's reference is the payment's, `paymentReference`). */
  paymentIntentId: z.string().nullable(),
});
export type PaymentRefundedV1 = z.infer<typeof paymentRefundedV1Schema>;

/** Billing's payment records changed (state, refund, the seed): each instance's order list reads them again. */
export const paymentChangedV1Schema = z.object({
  paymentIds: z.array(z.string().min(1)).min(1).max(1_000),
});
export type PaymentChangedV1 = z.infer<typeof paymentChangedV1Schema>;
