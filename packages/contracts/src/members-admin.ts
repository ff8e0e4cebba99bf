import { z } from 'zod';
import { membershipSchema } from './billing';
import { ADMIN_MEMBERS_MAX_PAGE, MEMBER_ACCOUNT_STATUSES, MEMBER_ADMIN_ACTIONS, MEMBERSHIP_STATES } from './constants';
import { MemberAdminMessages } from './messages';
import { REVIEW_STATES } from './reviews';

/**
 * The admin area's Users Management: members (accounts of role `user`) found, opened, blocked and
 * unblocked by an administrator. Each service answers for what it owns: the account (svc-identity),
 * the payments (svc-billing), the saved and reviewed providers (svc-providers).
 */

/** GET /members: a search of name or email (any part, any case), a membership state, a page. */
export const adminMembersQuerySchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    membership: z.enum(MEMBERSHIP_STATES, { error: MemberAdminMessages.membershipInvalid }).optional(),
    page: z.coerce
      .number({ error: MemberAdminMessages.pageInvalid })
      .int(MemberAdminMessages.pageInvalid)
      .min(1, MemberAdminMessages.pageInvalid)
      .max(ADMIN_MEMBERS_MAX_PAGE, MemberAdminMessages.pageInvalid)
      .optional(),
  })
  .strict();
export type AdminMembersQuery = z.infer<typeof adminMembersQuerySchema>;

/** A member as the admin list shows them. */
export const adminMemberSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(MEMBER_ACCOUNT_STATUSES),
  membership: membershipSchema,
  /** ISO date-time of the sign-up. */
  joinedAt: z.string(),
});
export type AdminMemberSummary = z.infer<typeof adminMemberSummarySchema>;

export const adminMembersResponseSchema = z.object({
  members: z.array(adminMemberSummarySchema),
  /** Members matching the search in each membership state (before the state filter). */
  counts: z.object({ all: z.number().int(), none: z.number().int(), active: z.number().int(), expired: z.number().int() }),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Members matching the search and the state, over every page. */
  total: z.number().int(),
  /** Pages the list offers (at most `ADMIN_MEMBERS_MAX_PAGE`). */
  totalPages: z.number().int(),
});
export type AdminMembersResponse = z.infer<typeof adminMembersResponseSchema>;

/** One administrator's block or unblock, kept on the account (the audit trail). */
export const memberStatusChangeSchema = z.object({
  action: z.enum(MEMBER_ADMIN_ACTIONS),
  /** The administrator's email. */
  by: z.string(),
  at: z.string(),
});

export const adminMemberSchema = adminMemberSummarySchema.extend({
  contactInfo: z.object({ phone: z.string(), address: z.string(), specialties: z.array(z.string()) }),
  /** Oldest first. */
  statusHistory: z.array(memberStatusChangeSchema),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;
export const adminMemberResponseSchema = z.object({ member: adminMemberSchema });
export type AdminMemberResponse = z.infer<typeof adminMemberResponseSchema>;

/** PUT /members/{userId}/status. */
export const memberStatusUpdateSchema = z.object({ action: z.enum(MEMBER_ADMIN_ACTIONS, { error: MemberAdminMessages.actionInvalid }) }).strict();
export type MemberStatusUpdate = z.infer<typeof memberStatusUpdateSchema>;

/** A member's payment as the admin sees it: every attempt, not only the paid ones. */
export const adminPaymentSchema = z.object({
  id: z.string(),
  /** The payment's reference (`paymentReference`), as the member's receipt and emails show it. */
  reference: z.string(),
  userId: z.string(),
  /** Cents. */
  amount: z.number().int(),
  currency: z.string(),
  promoCode: z.string().nullable(),
  status: z.string(),
  /** ISO date-times; paidAt null until it succeeded. */
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Each time an admin had the receipt emailed again (admin's email, ISO time), oldest first. */
  receiptResends: z.array(z.object({ by: z.string(), at: z.string() })),
  /** The full refund, once made: by an administrator (their email) or in Stripe's dashboard (null). */
  refund: z.object({ by: z.string().nullable(), at: z.string() }).nullable(),
  /** A refund Stripe says is pending (the card's bank has not answered yet): who asked and when; null once it succeeded or failed. */
  refundPending: z.object({ by: z.string().nullable(), at: z.string() }).nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const memberPaymentsResponseSchema = z.object({ payments: z.array(adminPaymentSchema) });
export type MemberPaymentsResponse = z.infer<typeof memberPaymentsResponseSchema>;

/** A member's saved and reviewed providers, newest first (at most `MEMBER_DETAIL_LIMIT` of each). */
export const memberActivityResponseSchema = z.object({
  saved: z.array(z.object({ providerId: z.string(), providerName: z.string(), practiceName: z.string(), savedAt: z.string() })),
  reviews: z.array(
    z.object({
      reviewId: z.string(),
      providerId: z.string(),
      providerName: z.string(),
      satisfactionRating: z.number(),
      efficacyRating: z.number(),
      status: z.enum(REVIEW_STATES),
      createdAt: z.string(),
    }),
  ),
});
export type MemberActivityResponse = z.infer<typeof memberActivityResponseSchema>;

/** POST /payments/{paymentId}/receipt: the receipt email goes out again; the answer names the resend. */
export const receiptResendResponseSchema = z.object({ message: z.string(), payment: adminPaymentSchema });
export type ReceiptResendResponse = z.infer<typeof receiptResendResponseSchema>;
