import { z } from 'zod';
import { PROMO_DISCOUNT_MAX, PROMO_DISCOUNT_MIN } from './constants';

/** Promo codes (SPEC §3): made and listed by admins, checked at payment by svc-billing. */

export const promoCodeSchema = z.object({
  _id: z.string(),
  code: z.string(),
  discountPercentage: z.number(),
  expiresAt: z.string().nullable().optional(),
  isActive: z.boolean(),
  /** The audit trail, for admins: who created the code (from their token) and when (ISO). Absent on codes older than the trail. */
  createdBy: z.object({ name: z.string(), email: z.string() }).optional(),
  createdAt: z.string().optional(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

/** POST /promo-codes/create: expiryDate is null when the form leaves it empty (SPEC §3). */
export const newPromoCodeSchema = z
  .object({
    code: z.string().trim().min(1, 'Code is required').max(50),
    discountPercentage: z.number().min(PROMO_DISCOUNT_MIN).max(PROMO_DISCOUNT_MAX),
    expiryDate: z.string().nullable(),
  })
  .strict();
export type NewPromoCode = z.infer<typeof newPromoCodeSchema>;

/** GET /promo-codes/list. */
export const promoCodeListResponseSchema = z.object({ promoCodes: z.array(promoCodeSchema) });
export type PromoCodeListResponse = z.infer<typeof promoCodeListResponseSchema>;
