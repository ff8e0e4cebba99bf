import type { AdminInvitation, AdministratorsResponse, AuthResponse } from '@altmed/contracts/web';
import { apiCall } from '@altmed/web-kit';

export type { AdminInvitation, Administrator, AdministratorsResponse } from '@altmed/contracts/web';

/** The texts of a failed call when the server sends no message of its own. */
export const AdministratorErrors = {
  fetchList: 'Failed to fetch the administrators',
  invite: 'Failed to send the invitation',
  remove: 'Failed to remove the administrator',
  revoke: 'Failed to take the invitation back',
  accept: 'Failed to create your account',
} as const;

/** GET /api/administrators: every administrator (oldest first) and the open invitations (newest first). */
export function fetchAdministrators(token: string | null, signal?: AbortSignal): Promise<AdministratorsResponse> {
  return apiCall('GET /administrators', { token, defaultError: AdministratorErrors.fetchList, signal });
}

/** POST /api/administrators/invitations: emails the address a single-use link; answers the invitation (replacing an earlier one to the address). */
export async function inviteAdministrator(token: string | null, email: string): Promise<AdminInvitation> {
  const { invitation } = await apiCall('POST /administrators/invitations', { body: { email }, token, defaultError: AdministratorErrors.invite });
  return invitation;
}

/** DELETE /api/administrators/{userId}: the account is deleted (never the last administrator's). */
export async function removeAdministrator(token: string | null, userId: string): Promise<void> {
  await apiCall('DELETE /administrators/:userId', { params: { userId }, token, defaultError: AdministratorErrors.remove });
}

/** DELETE /api/administrators/invitations/{invitationId}: the link stops working. */
export async function revokeInvitation(token: string | null, invitationId: string): Promise<void> {
  await apiCall('DELETE /administrators/invitations/:invitationId', { params: { invitationId }, token, defaultError: AdministratorErrors.revoke });
}

/** POST /api/administrators/invitations/accept (no session token: the link's token is the proof); answers like a login. */
export function acceptInvitation(invitation: { token: string; name: string; password: string }): Promise<AuthResponse> {
  return apiCall('POST /administrators/invitations/accept', { body: invitation, defaultError: AdministratorErrors.accept });
}
