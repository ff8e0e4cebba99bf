import { z } from 'zod';
import { membershipSchema } from './billing';
import { MEMBERSHIP_REMINDER_KINDS } from './constants';
import { AccountMessages } from './messages';
import { REVIEW_STATES } from './reviews';

/**
 * What a member does with their own account on My membership: take their data with them (each
 * service answers for what it holds; the page puts the answers in one JSON file) and delete it.
 */

/** DELETE /users/me: the password again, so a token left on a shared computer cannot delete the account. */
export const deleteAccountRequestSchema = z
  .object({ password: z.string({ error: AccountMessages.passwordRequired }).min(1, AccountMessages.passwordRequired).max(256) })
  .strict();
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** GET /users/me/data (svc-identity): the account as identity holds it. */
export const myAccountDataSchema = z.object({
  account: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
    /** ISO date-times. */
    createdAt: z.string(),
    contactInfo: z.object({ phone: z.string(), address: z.string(), specialties: z.array(z.string()) }),
    membership: membershipSchema,
  }),
});
export type MyAccountData = z.infer<typeof myAccountDataSchema>;

/** GET /payments/mine (svc-billing): every payment attempt of the caller, newest first. */
export const myPaymentsSchema = z.object({
  payments: z.array(
    z.object({
      id: z.string(),
      /** The payment's reference (`paymentReference`), as its receipt and emails show it. */
      reference: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      promoCode: z.string().nullable(),
      status: z.string(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
      refundedAt: z.string().nullable(),
      /** When a refund of it was asked that is pending at the card's bank (it stands until the bank answers); null otherwise. */
      refundPendingSince: z.string().nullable(),
    }),
  ),
});
export type MyPayments = z.infer<typeof myPaymentsSchema>;

/** GET /reviews/mine (svc-providers): every review the caller wrote, in any state, newest first. */
export const myReviewsSchema = z.object({
  reviews: z.array(
    z.object({
      reviewId: z.string(),
      providerId: z.string(),
      providerName: z.string(),
      satisfactionRating: z.number(),
      efficacyRating: z.number(),
      reviewText: z.string(),
      status: z.enum(REVIEW_STATES),
      createdAt: z.string(),
    }),
  ),
});
export type MyReviews = z.infer<typeof myReviewsSchema>;

/**
 * A member deleted their account: svc-identity has removed the name, email, password and contact
 * details; svc-providers deletes their saved providers and shows their reviews as "Former member";
 * svc-billing keeps their payments for the books without the name and email; svc-notify deletes
 * the receipts it kept for emails.
 */
export const userDeletedV1Schema = z.object({
  userId: z.string().min(1),
  deletedAt: z.iso.datetime(),
  /**
   * The email the account had, so svc-notify can forget what it holds under it (Contact messages
   * sent before logging in); absent on events written before it was carried.
   */
  email: z.string().min(1).optional(),
});
export type UserDeletedV1 = z.infer<typeof userDeletedV1Schema>;

/** A membership year is ending or has ended: svc-notify emails the member once per reminder. */
export const membershipReminderDueV1Schema = z.object({
  /** `<userId>:<kind>:<endsAt>`: one per membership end and kind, so a renewal's new end has reminders of its own. */
  reminderId: z.string().min(1),
  userId: z.string().min(1),
  email: z.string().min(1),
  name: z.string().min(1),
  kind: z.enum(MEMBERSHIP_REMINDER_KINDS),
  endsAt: z.iso.datetime(),
});
export type MembershipReminderDueV1 = z.infer<typeof membershipReminderDueV1Schema>;
