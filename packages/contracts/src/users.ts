import { z } from 'zod';
import { AREAS_OF_INTEREST, EMAIL_PATTERN, PASSWORD_MIN_LENGTH, PHONE_PATTERN, USER_ROLES } from './constants';
import { membershipSchema } from './billing';
import { Messages } from './messages';

/** A trimmed string; anything else (numbers, objects such as `{ "$ne": null }`) is rejected. */
const text = (message: string) => z.string({ error: message }).trim();

export const emailSchema = text(Messages.validEmailRequired)
  .max(254, Messages.validEmailRequired)
  .regex(EMAIL_PATTERN, Messages.validEmailRequired)
  .transform((email) => email.toLowerCase());

export const contactInfoSchema = z
  .object({
    phone: text(Messages.phoneFormat).regex(PHONE_PATTERN, Messages.phoneFormat),
    address: text('Address must be text').max(300, 'Address is too long').optional().default(''),
    specialties: z
      .array(z.enum(AREAS_OF_INTEREST, { error: Messages.areasRequired }), { error: Messages.areasRequired })
      .min(1, Messages.areasRequired)
      .max(AREAS_OF_INTEREST.length, Messages.areasRequired)
      .transform((areas) => [...new Set(areas)]),
  })
  .strict();
export type ContactInfo = z.infer<typeof contactInfoSchema>;

/** The sign-up rule for a new password, also used when one is reset. */
export const newPasswordSchema = z
  .string({ error: Messages.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, Messages.passwordTooShort)
  .max(256, 'Password is too long');

export const signupRequestSchema = z
  .object({
    name: text(Messages.firstAndLastNameRequired).min(1, Messages.firstAndLastNameRequired).max(200, 'Name is too long'),
    email: emailSchema,
    password: newPasswordSchema,
    contactInfo: contactInfoSchema,
  })
  .strict();
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z
  .object({
    email: z
      .string({ error: Messages.loginFieldsRequired })
      .trim()
      .min(1, Messages.loginFieldsRequired)
      .max(254)
      .transform((e) => e.toLowerCase()),
    password: z.string({ error: Messages.loginFieldsRequired }).min(1, Messages.loginFieldsRequired).max(256),
  })
  .strict();
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema }).strict();
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z
  .object({
    // The link's single-use token: 32 random bytes, base64url.
    token: z.string({ error: Messages.resetLinkInvalid }).min(1, Messages.resetLinkInvalid).max(128, Messages.resetLinkInvalid),
    password: newPasswordSchema,
  })
  .strict();
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const userRoleSchema = z.enum(USER_ROLES);

export const publicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  isAdmin: z.boolean(),
  providerId: z.string().optional(),
  contactInfo: z.object({ phone: z.string(), address: z.string(), specialties: z.array(z.string()) }),
  membership: membershipSchema,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: publicUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Claims every service reads from a verified access token. */
export const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  role: userRoleSchema,
  name: z.string(),
  email: z.string(),
  providerId: z.string().optional(),
  /** The account's session version when the token was issued; a password reset moves it on, ending every older token. */
  sessionVersion: z.number().int().nonnegative().optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** PUT /users/me/password: any logged-in account changes its own password. */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string({ error: Messages.loginFieldsRequired }).min(1, Messages.loginFieldsRequired).max(256),
    newPassword: z.string({ error: Messages.passwordTooShort }).min(PASSWORD_MIN_LENGTH, Messages.passwordTooShort).max(256, 'Password is too long'),
  })
  .strict();
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * svc-identity's internal, service-to-service route PUT /internal/provider-accounts/{providerId}
 * (never routed by the gateway; it needs the shared service credential): creates the login of a
 * provider record, or answers the existing one for that provider id, so a retry is safe.
 */
export const providerAccountRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    email: emailSchema,
    password: z.string().min(PASSWORD_MIN_LENGTH).max(256),
  })
  .strict();
export type ProviderAccountRequest = z.infer<typeof providerAccountRequestSchema>;

/** PATCH /internal/provider-accounts/{providerId}: the provider's login follows its record's email. */
export const providerAccountUpdateSchema = z.object({ email: emailSchema }).strict();
export type ProviderAccountUpdate = z.infer<typeof providerAccountUpdateSchema>;

/** The header carrying the service credential on internal routes. */
export const SERVICE_TOKEN_HEADER = 'x-service-token';
/** On internal routes: the address of the client the calling service acts for, counted by identity's sign-up limit. */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';
