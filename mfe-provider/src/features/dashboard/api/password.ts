import type { ApiResponseBody, ChangePasswordRequest } from '@altmed/contracts/web';
import { apiCall } from '@altmed/web-kit';

export const PASSWORD_CHANGE_FAILED = 'Failed to change password';

/** PUT /users/me/password: the logged-in account changes its own password. */
export function changePassword(token: string | null, request: ChangePasswordRequest): Promise<ApiResponseBody<'PUT /users/me/password'>> {
  return apiCall('PUT /users/me/password', { body: request, token, defaultError: PASSWORD_CHANGE_FAILED });
}
