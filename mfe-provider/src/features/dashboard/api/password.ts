import type { ChangePasswordRequest } from '@altmed/contracts/web';
import { apiRequest } from '@altmed/web-kit';

export const PASSWORD_CHANGE_FAILED = 'Failed to change password';

/** PUT /users/me/password: the logged-in account changes its own password. */
export function changePassword(token: string | null, request: ChangePasswordRequest): Promise<unknown> {
  return apiRequest('/users/me/password', { method: 'PUT', body: request, token, defaultError: PASSWORD_CHANGE_FAILED });
}
