import { z } from 'zod';
import { ADMIN_SUPPORT_MAX_PAGE, SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_MESSAGE_STATUSES, SUPPORT_TOPICS } from './constants';
import { SupportMessages } from './messages';
import { emailSchema } from './users';

/**
 * The public Contact page's messages and the admin area's Support Center (svc-notify): a message is
 * stored and the support team told by email; an administrator answers by email from the Support
 * Center, which marks it answered.
 */

/** POST /support/messages (anyone). */
export const supportMessageRequestSchema = z
  .object({
    name: z.string({ error: SupportMessages.nameRequired }).trim().min(1, SupportMessages.nameRequired).max(100, SupportMessages.nameRequired),
    email: emailSchema,
    topic: z.enum(SUPPORT_TOPICS, { error: SupportMessages.topicInvalid }),
    message: z
      .string({ error: SupportMessages.messageRequired })
      .trim()
      .min(10, SupportMessages.messageTooShort)
      .max(SUPPORT_MESSAGE_MAX_LENGTH, SupportMessages.messageTooLong),
  })
  .strict();
export type SupportMessageRequest = z.infer<typeof supportMessageRequestSchema>;
export const supportMessageReceivedResponseSchema = z.object({ message: z.string() });

export const supportReplySchema = z.object({
  /** The administrator who answered: their name (null on replies kept before names were) and email. */
  by: z.object({ name: z.string().nullable(), email: z.string() }),
  text: z.string(),
  at: z.string(),
});

export const adminSupportMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  topic: z.enum(SUPPORT_TOPICS),
  message: z.string(),
  status: z.enum(SUPPORT_MESSAGE_STATUSES),
  receivedAt: z.string(),
  /** The member who sent it while logged in (their page in Users Management); null for a visitor, or a message from before ids were kept. */
  userId: z.string().nullable(),
  /** Oldest first. */
  replies: z.array(supportReplySchema),
});
export type AdminSupportMessage = z.infer<typeof adminSupportMessageSchema>;

/**
 * GET /support/messages: one state's messages whose sender's name or email or the message's text
 * holds every word of the search (any part, any case), newest first, a page at a time, with how many
 * match in each state.
 */
export const adminSupportQuerySchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    status: z.enum(SUPPORT_MESSAGE_STATUSES, { error: SupportMessages.statusInvalid }).optional().default('open'),
    page: z.coerce
      .number({ error: SupportMessages.pageInvalid })
      .int(SupportMessages.pageInvalid)
      .min(1, SupportMessages.pageInvalid)
      .max(ADMIN_SUPPORT_MAX_PAGE, SupportMessages.pageInvalid)
      .optional()
      .default(1),
  })
  .strict();
export type AdminSupportQuery = z.input<typeof adminSupportQuerySchema>;

export const adminSupportMessagesResponseSchema = z.object({
  messages: z.array(adminSupportMessageSchema),
  /** Messages matching the search in each state (before the state filter). */
  counts: z.object({ open: z.number().int(), answered: z.number().int() }),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Messages matching the search in the state asked for, over every page. */
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AdminSupportMessagesResponse = z.infer<typeof adminSupportMessagesResponseSchema>;

/** POST /support/messages/{messageId}/reply. */
export const supportReplyRequestSchema = z
  .object({
    text: z
      .string({ error: SupportMessages.replyRequired })
      .trim()
      .min(1, SupportMessages.replyRequired)
      .max(SUPPORT_MESSAGE_MAX_LENGTH, SupportMessages.messageTooLong),
  })
  .strict();
export type SupportReplyRequest = z.infer<typeof supportReplyRequestSchema>;
export const supportReplyResponseSchema = z.object({ message: z.string(), supportMessage: adminSupportMessageSchema });
export type SupportReplyResponse = z.infer<typeof supportReplyResponseSchema>;
