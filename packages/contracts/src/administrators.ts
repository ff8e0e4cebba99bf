import { z } from 'zod';
import { AdministratorMessages } from './messages';
import { emailSchema, newPasswordSchema } from './users';

/**
 * Admin Settings: the administrators, and the invitations that make new ones. An invitation is a
 * link emailed to the address, single use, valid `ADMIN_INVITATION_TTL_HOURS`; accepting it sets the
 * new administrator's name and password.
 */

export const administratorSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** ISO date-time the account was made. */
  since: z.string(),
});
export type Administrator = z.infer<typeof administratorSchema>;

export const adminInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The inviting administrator's email. */
  invitedBy: z.string(),
  invitedAt: z.string(),
  expiresAt: z.string(),
});
export type AdminInvitation = z.infer<typeof adminInvitationSchema>;

/** GET /administrators: every administrator, and the invitations still open (unused, not expired). */
export const administratorsResponseSchema = z.object({
  administrators: z.array(administratorSchema),
  invitations: z.array(adminInvitationSchema),
});
export type AdministratorsResponse = z.infer<typeof administratorsResponseSchema>;

/** POST /administrators/invitations. */
export const adminInvitationRequestSchema = z.object({ email: emailSchema }).strict();
export type AdminInvitationRequest = z.infer<typeof adminInvitationRequestSchema>;
export const adminInvitationResponseSchema = z.object({ invitation: adminInvitationSchema });
export type AdminInvitationResponse = z.infer<typeof adminInvitationResponseSchema>;

/** POST /administrators/invitations/accept: the link's token, and the new administrator's name and password. */
export const acceptAdminInvitationRequestSchema = z
  .object({
    token: z
      .string({ error: AdministratorMessages.invitationInvalid })
      .min(1, AdministratorMessages.invitationInvalid)
      .max(128, AdministratorMessages.invitationInvalid),
    name: z
      .string({ error: AdministratorMessages.nameRequired })
      .trim()
      .min(1, AdministratorMessages.nameRequired)
      .max(100, AdministratorMessages.nameRequired),
    password: newPasswordSchema,
  })
  .strict();
export type AcceptAdminInvitationRequest = z.infer<typeof acceptAdminInvitationRequestSchema>;
