import { z } from 'zod';
import { AREAS_OF_INTEREST, EMAIL_PATTERN, PASSWORD_MIN_LENGTH, PHONE_PATTERN, USER_ROLES } from './constants';
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

export const signupRequestSchema = z
  .object({
    name: text(Messages.firstAndLastNameRequired).min(1, Messages.firstAndLastNameRequired).max(200, 'Name is too long'),
    email: emailSchema,
    password: z.string({ error: Messages.passwordTooShort }).min(PASSWORD_MIN_LENGTH, Messages.passwordTooShort).max(256, 'Password is too long'),
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

export const userRoleSchema = z.enum(USER_ROLES);

export const publicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  isAdmin: z.boolean(),
  providerId: z.string().optional(),
  contactInfo: z.object({ phone: z.string(), address: z.string(), specialties: z.array(z.string()) }),
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
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
