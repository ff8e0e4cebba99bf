import { z } from 'zod';
import {
  AREAS_OF_INTEREST,
  EMAIL_PATTERN,
  IMAGE_EXTENSIONS,
  IMAGE_TYPES,
  NPI_PATTERN,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
  PRACTICE_DESCRIPTION_MAX_LENGTH,
  US_STATE_CODES,
  ZIP_MAX_LENGTH,
} from './constants';
import { isValidDeaNumber, isValidNpi, DEA_NUMBER_PATTERN } from './identifiers';
import { Messages, ProviderMessages } from './messages';
import { reviewSchema, reviewStatsSchema } from './reviews';
import { authResponseSchema } from './users';

/**
 * The shapes of the providers API (SPEC §7) as the browser reads them. The
 * front end imports the inferred types from `@altmed/contracts/web` (types only: no zod in the
 * browser); services validate with the schemas.
 */

export const stateLicenseSchema = z.object({
  state: z.string(),
  deaNumber: z.string().optional(),
  licenseNumber: z.string().optional(),
});
export type StateLicense = z.infer<typeof stateLicenseSchema>;

export const PROVIDER_STATUSES = ['approved', 'pending', 'blocked'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/**
 * A provider record as the API returns it (never the password). `email` and the licences'
 * `deaNumber` reach only the provider itself and admins. `headshotUrl` and `galleryUrl` (and their
 * thumbnails) are URLs the browser can load for a while (signed); `status` is derived from the two
 * flags (SPEC §4) and `blockedReason` is set while blocked. `profileComplete` is true once step 3
 * has been saved.
 */
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
  headshotThumbnailUrl: z.string().optional(),
  galleryThumbnailUrl: z.string().optional(),
  practiceDescription: z.string().optional(),
  isActive: z.boolean().optional(),
  isApproved: z.boolean().optional(),
  status: z.enum(PROVIDER_STATUSES).optional(),
  blockedReason: z.string().optional(),
  profileComplete: z.boolean().optional(),
  createdAt: z.string().optional(),
  /** When an admin last approved the provider (ISO), while it is approved. */
  verifiedAt: z.string().optional(),
  reviewStats: reviewStatsSchema.optional(),
  reviews: z.array(reviewSchema).optional(),
});
export type Provider = z.infer<typeof providerSchema>;

/** A card of the admin list: the record with both status flags present. */
export const adminProviderSchema = providerSchema.extend({
  isActive: z.boolean(),
  isApproved: z.boolean(),
  /** The latest approval, block or unblock: which admin (email) and when (ISO). */
  lastStatusChange: z.object({ action: z.enum(['approve', 'block', 'unblock']), by: z.string(), at: z.string() }).optional(),
});
export type AdminProvider = z.infer<typeof adminProviderSchema>;

export const providerStatsSchema = z.object({
  total: z.number(),
  approved: z.number(),
  pending: z.number(),
  blocked: z.number(),
});
export type ProviderStats = z.infer<typeof providerStatsSchema>;

export const PROVIDER_STATUS_FILTERS = PROVIDER_STATUSES;

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
  page: z.number().int().optional(),
  totalPages: z.number().int().optional(),
  /** Providers matching the filter and search, over every page. */
  total: z.number().int().optional(),
});
export type AdminProvidersResponse = z.infer<typeof adminProvidersResponseSchema>;

/**
 * PUT /admins/providers/{id}/status. The spec reads two ways (a status, or a boolean that cannot
 * tell block from unblock); the action named is what settles it: unblock returns the provider to pending.
 */
export const PROVIDER_ADMIN_ACTIONS = ['approve', 'block', 'unblock'] as const;
export type ProviderAdminAction = (typeof PROVIDER_ADMIN_ACTIONS)[number];
export const providerStatusUpdateSchema = z.object({ status: z.enum(PROVIDER_ADMIN_ACTIONS, { error: 'Status must be approve, block or unblock' }) }).strict();
export type ProviderStatusUpdate = z.infer<typeof providerStatusUpdateSchema>;

/* ---------------------------------------------------------------------------------------------
 * Provider portal requests (SPEC §5, §7). Field messages are the spec's; every object is strict.
 * A 400 answer of these calls is `{ message, errors }`: `message` the first problem, `errors` one
 * message per field (`stateLicenses.1` for a licence row).
 * ------------------------------------------------------------------------------------------- */

/** Required text: missing, not text or blank after trimming is "This field is required.". */
const requiredText = (max = 200) =>
  z.string({ error: ProviderMessages.fieldRequired }).trim().min(1, ProviderMessages.fieldRequired).max(max, ProviderMessages.tooLong);
const optionalText = (max = 200) => z.string({ error: ProviderMessages.tooLong }).trim().max(max, ProviderMessages.tooLong).optional().default('');

export const providerEmailSchema = requiredText(254)
  .regex(EMAIL_PATTERN, ProviderMessages.invalidEmail)
  .transform((email) => email.toLowerCase());

/** 10 digits, and the NPI check digit (Luhn over 80840 and the first nine digits). */
export const npiNumberSchema = requiredText(10)
  .regex(NPI_PATTERN, ProviderMessages.npiFormat)
  .refine((npi) => isValidNpi(npi), ProviderMessages.npiCheckDigit);

export const usStateSchema = z.enum(US_STATE_CODES, { error: ProviderMessages.stateInvalid });

/** Step 1 and the dashboard's Basic Information: the practice and where it is. */
const practiceFields = {
  practiceName: requiredText(),
  providerName: requiredText(),
  email: providerEmailSchema,
  npiNumber: npiNumberSchema,
  address: requiredText(300),
  suite: optionalText(100),
  city: requiredText(100),
  state: z.preprocess((value) => (value === '' || value === undefined ? undefined : value), z.enum(US_STATE_CODES, { error: ProviderMessages.fieldRequired })),
  zip: requiredText(50).max(ZIP_MAX_LENGTH, ProviderMessages.zipTooLong),
  /** Not asked by the portal; the dashboard may set it (000-000-0000). */
  phone: z.string().trim().regex(PHONE_PATTERN, Messages.phoneFormat).optional(),
};

/** POST /provider-info (step 1). `confirmPassword`, when sent, must equal `password`. */
export const providerSignupSchema = z
  .object({
    ...practiceFields,
    password: z
      .string({ error: ProviderMessages.fieldRequired })
      .min(1, ProviderMessages.fieldRequired)
      .min(PASSWORD_MIN_LENGTH, ProviderMessages.passwordTooShort)
      .max(256, ProviderMessages.tooLong),
    confirmPassword: z.string({ error: ProviderMessages.passwordsDoNotMatch }).optional(),
  })
  .strict()
  .refine((signup) => signup.confirmPassword === undefined || signup.confirmPassword === signup.password, {
    path: ['confirmPassword'],
    message: ProviderMessages.passwordsDoNotMatch,
    // Checked even when other fields fail, so every field's message comes back at once.
    when: ({ value }) => typeof (value as { password?: unknown }).password === 'string',
  });
export type ProviderSignup = z.input<typeof providerSignupSchema>;

/** POST /provider-info answers 201 with the record, its id and the provider's login (token and user). */
export const providerSignupResponseSchema = authResponseSchema.extend({ provider: providerSchema, providerId: z.string() });
export type ProviderSignupResponse = z.infer<typeof providerSignupResponseSchema>;

/** PUT /provider-info/{id}: the dashboard's Basic Information, all of it (suite and phone optional). */
export const providerBasicInfoSchema = z.object(practiceFields).strict();
export type ProviderBasicInfo = z.input<typeof providerBasicInfoSchema>;

const listOfText = z
  .array(z.string({ error: ProviderMessages.tooLong }).trim().max(300, ProviderMessages.tooLong), { error: ProviderMessages.tooLong })
  .max(30, ProviderMessages.tooLong)
  .transform((entries) => entries.filter((entry) => entry.length > 0));

const licenseRowSchema = z
  .object({
    state: z.string({ error: ProviderMessages.licenseIncomplete }).trim().optional().default(''),
    deaNumber: z
      .string({ error: ProviderMessages.licenseIncomplete })
      .trim()
      .optional()
      .default('')
      .transform((dea) => dea.toUpperCase()),
    licenseNumber: z.string({ error: ProviderMessages.licenseIncomplete }).trim().max(50, ProviderMessages.tooLong).optional().default(''),
  })
  .strict();

/**
 * Blank rows are dropped; a row needs all three of state, DEA and licence number; one licence per
 * state; the DEA number passes its check digit.
 */
export const stateLicensesSchema = z
  .array(licenseRowSchema, { error: ProviderMessages.licenseIncomplete })
  .max(50, ProviderMessages.tooLong)
  .transform((rows) => rows.filter((row) => row.state || row.deaNumber || row.licenseNumber))
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const path = [index];
      if (!row.state || !row.deaNumber || !row.licenseNumber) return void ctx.addIssue({ code: 'custom', path, message: ProviderMessages.licenseIncomplete });
      if (!(US_STATE_CODES as readonly string[]).includes(row.state))
        return void ctx.addIssue({ code: 'custom', path, message: ProviderMessages.stateInvalid });
      if (seen.has(row.state)) return void ctx.addIssue({ code: 'custom', path, message: ProviderMessages.licenseDuplicateState });
      seen.add(row.state);
      if (!DEA_NUMBER_PATTERN.test(row.deaNumber)) return void ctx.addIssue({ code: 'custom', path, message: ProviderMessages.deaFormat });
      if (!isValidDeaNumber(row.deaNumber)) ctx.addIssue({ code: 'custom', path, message: ProviderMessages.deaCheckDigit });
    });
  });

/** PUT /provider-info/{id}/qualifications (step 2 and the dashboard). Nothing is required. */
export const providerQualificationsSchema = z
  .object({
    specialties: z
      .array(z.enum(AREAS_OF_INTEREST, { error: ProviderMessages.specialtyInvalid }), { error: ProviderMessages.specialtyInvalid })
      .max(AREAS_OF_INTEREST.length, ProviderMessages.specialtyInvalid)
      .transform((areas) => [...new Set(areas)])
      .optional()
      .default([]),
    boardCertifications: listOfText.optional().default([]),
    hospitalAffiliations: listOfText.optional().default([]),
    educationAndTraining: listOfText.optional().default([]),
    stateLicenses: stateLicensesSchema.optional().default([]),
  })
  .strict();
export type ProviderQualifications = z.input<typeof providerQualificationsSchema>;

/** An upload key the signature call handed out: `uploads/<providerId>/<uuid>.<jpg|png>`. */
export const UPLOAD_KEY_PATTERN = /^uploads\/[A-Za-z0-9-]{1,64}\/[0-9a-f-]{36}\.(jpg|png)$/;

/**
 * PUT /provider-info/{id}/images (step 3 and the dashboard): new images as the keys the signature
 * call gave, and/or the practice description. An image field holding the URL the record already
 * answers leaves that image as it is. Step 3 (a record not complete yet) needs both images and a
 * description; the dashboard may send any of them.
 */
export const providerContentSchema = z
  .object({
    headshotUrl: z.string({ error: ProviderMessages.imagesNotSaved }).trim().min(1, ProviderMessages.bothImagesRequired).max(2048).optional(),
    galleryUrl: z.string({ error: ProviderMessages.imagesNotSaved }).trim().min(1, ProviderMessages.bothImagesRequired).max(2048).optional(),
    practiceDescription: z
      .string({ error: ProviderMessages.descriptionRequired })
      .trim()
      .min(1, ProviderMessages.descriptionRequired)
      .max(PRACTICE_DESCRIPTION_MAX_LENGTH, ProviderMessages.descriptionTooLong)
      .optional(),
  })
  .strict();
export type ProviderContent = z.input<typeof providerContentSchema>;

/** POST /signature: the file's name (for its extension only; keys are made by the server) and type. */
export const uploadSignatureRequestSchema = z
  .object({
    fileName: z
      .string({ error: ProviderMessages.onlyImages })
      .trim()
      .min(1, ProviderMessages.onlyImages)
      .max(255, ProviderMessages.onlyImages)
      .refine((name) => (IMAGE_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? ''), ProviderMessages.onlyImages),
    fileType: z.enum(IMAGE_TYPES, { error: ProviderMessages.onlyImages }),
  })
  .strict();
export type UploadSignatureRequest = z.infer<typeof uploadSignatureRequestSchema>;

/**
 * POST /signature answers a presigned POST: send `multipart/form-data` to `presignedUrl` with every
 * entry of `fields` first, then the file as `file` (its `Content-Type` is one of `fields`). The
 * policy fixes the key, the content type and a size of at most `maxBytes`; then pass `key` to
 * PUT /provider-info/{id}/images as `headshotUrl` or `galleryUrl`.
 */
export const uploadSignatureResponseSchema = z.object({
  presignedUrl: z.string(),
  key: z.string().regex(UPLOAD_KEY_PATTERN),
  method: z.literal('POST'),
  fields: z.record(z.string(), z.string()),
  maxBytes: z.number(),
  expiresInSeconds: z.number(),
});
export type UploadSignatureResponse = z.infer<typeof uploadSignatureResponseSchema>;

/* ---------------------------------------------------------------------------------------------
 * svc-notify's compatibility calls (SPEC §7), answered `{ message }`; both send once per provider.
 * ------------------------------------------------------------------------------------------- */

/** POST /email/provider-signup-notification. */
export const providerSignupNotificationSchema = z
  .object({
    id: z.string().trim().min(1).max(64),
    name: z.string().trim().max(200).optional(),
    email: z.string().trim().max(254).optional(),
    practiceName: z.string().trim().max(200).optional(),
    phone: z.string().trim().max(50).optional(),
    specialties: z.array(z.string().max(100)).max(20).optional(),
    address: z.string().trim().max(500).optional(),
    certifications: z.array(z.string().max(300)).max(30).optional(),
    npiNumber: z.string().trim().max(10).optional(),
    hospitalAffiliations: z.array(z.string().max(300)).max(30).optional(),
    educationAndTraining: z.array(z.string().max(300)).max(30).optional(),
    practiceDescription: z.string().max(PRACTICE_DESCRIPTION_MAX_LENGTH).optional(),
  })
  .strict();
export type ProviderSignupNotification = z.infer<typeof providerSignupNotificationSchema>;

/** POST /email/send-provider-welcome-email. */
export const providerWelcomeEmailRequestSchema = z.object({ providerId: z.string().trim().min(1).max(64) }).strict();
export type ProviderWelcomeEmailRequest = z.infer<typeof providerWelcomeEmailRequestSchema>;
