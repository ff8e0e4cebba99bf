import { z } from 'zod';
import { PROMO_DISCOUNT_MAX, PROMO_DISCOUNT_MIN } from './constants';

/**
 * The shapes of the providers and promo-code APIs (SPEC §3, §7) as the browser reads them. The
 * front end imports the inferred types from `@altmed/contracts/web` (types only: no zod in the
 * browser); services validate with the schemas.
 */

export const stateLicenseSchema = z.object({
  state: z.string(),
  deaNumber: z.string().optional(),
  licenseNumber: z.string().optional(),
});
export type StateLicense = z.infer<typeof stateLicenseSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  clientName: z.string().optional(),
  satisfactionRating: z.number().optional(),
  efficacyRating: z.number().optional(),
  reviewText: z.string().optional(),
  createdAt: z.string().optional(),
  isActive: z.boolean().optional(),
  isApproved: z.boolean().optional(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewStatsSchema = z.object({
  totalReviews: z.number().optional(),
  averageSatisfactionRating: z.number().optional(),
  averageEfficacyRating: z.number().optional(),
});
export type ReviewStats = z.infer<typeof reviewStatsSchema>;

/** A provider record as the API returns it (never the password). */
export const providerSchema = z.object({
  _id: z.string(),
  providerName: z.string().optional(),
  practiceName: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  npiNumber: z.string().optional(),
  address: z.string().optional(),
  suite: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zip: z.string().optional(),
  fullAddress: z.string().optional(),
  specialties: z.array(z.string()).optional(),
  boardCertifications: z.array(z.string()).optional(),
  hospitalAffiliations: z.array(z.string()).optional(),
  educationAndTraining: z.array(z.string()).optional(),
  stateLicenses: z.array(stateLicenseSchema).optional(),
  headshotUrl: z.string().optional(),
  galleryUrl: z.string().optional(),
  practiceDescription: z.string().optional(),
  isActive: z.boolean().optional(),
  isApproved: z.boolean().optional(),
  createdAt: z.string().optional(),
  reviewStats: reviewStatsSchema.optional(),
  reviews: z.array(reviewSchema).optional(),
});
export type Provider = z.infer<typeof providerSchema>;

/**
 * GET /provider-info/{id}, POST /provider-info and the PUTs under it: `{ provider }` (some
 * replies also carry `providerId`), or the record itself.
 */
export const providerInfoResponseSchema = providerSchema.partial().extend({
  provider: providerSchema.optional(),
  providerId: z.string().optional(),
});
export type ProviderInfoResponse = z.infer<typeof providerInfoResponseSchema>;

/** A card of the admin list: the record with both status flags present. */
export const adminProviderSchema = providerSchema.extend({ isActive: z.boolean(), isApproved: z.boolean() });
export type AdminProvider = z.infer<typeof adminProviderSchema>;

export const providerStatsSchema = z.object({
  total: z.number(),
  approved: z.number(),
  pending: z.number(),
  blocked: z.number(),
});
export type ProviderStats = z.infer<typeof providerStatsSchema>;

export const PROVIDER_STATUS_FILTERS = ['approved', 'pending', 'blocked'] as const;

/** GET /admins/providers?status&search&page. */
export const adminProvidersQuerySchema = z
  .object({
    status: z.enum(PROVIDER_STATUS_FILTERS).optional(),
    search: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).optional(),
  })
  .strict();
export type AdminProvidersQuery = z.infer<typeof adminProvidersQuerySchema>;

export const adminProvidersResponseSchema = z.object({
  providers: z.array(adminProviderSchema),
  stats: providerStatsSchema,
});
export type AdminProvidersResponse = z.infer<typeof adminProvidersResponseSchema>;

/** PUT /admins/providers/{id}/status: unblock is sent as pending (SPEC §4). */
export const providerStatusUpdateSchema = z.object({ status: z.enum(['approve', 'block', 'pending']) }).strict();
export type ProviderStatusUpdate = z.infer<typeof providerStatusUpdateSchema>;

export const promoCodeSchema = z.object({
  _id: z.string(),
  code: z.string(),
  discountPercentage: z.number(),
  expiresAt: z.string().nullable().optional(),
  isActive: z.boolean(),
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
