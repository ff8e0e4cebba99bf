import type { ApiRequestBody, ApiResponseBody } from '@altmed/contracts/web';
import { apiCall, DefaultErrors, type SessionUser } from '@altmed/web-kit';

export interface AuthResponse {
  token: string;
  user: SessionUser;
}

/** POST /users/login (no token sent, SPEC §6). */
export function logIn(email: string, password: string): Promise<AuthResponse> {
  return apiCall('POST /users/login', { body: { email, password }, defaultError: DefaultErrors.login });
}

/** The body of POST /users/signup, as the route takes it: the specialties are areas of interest (AREAS_OF_INTEREST). */
export type SignupBody = ApiRequestBody<'POST /users/signup'>;

/** POST /users/signup (no token sent, SPEC §6). */
export function signUp(body: SignupBody): Promise<AuthResponse> {
  return apiCall('POST /users/signup', { body, defaultError: DefaultErrors.signup });
}

/** POST /users/forgot-password: the answer is the same whether or not the email has an account. */
export function requestPasswordReset(email: string): Promise<ApiResponseBody<'POST /users/forgot-password'>> {
  return apiCall('POST /users/forgot-password', { body: { email }, defaultError: 'Could not send the reset link' });
}

/** POST /users/reset-password with the link's token and the new password. */
export function resetPassword(token: string, password: string): Promise<ApiResponseBody<'POST /users/reset-password'>> {
  return apiCall('POST /users/reset-password', { body: { token, password }, defaultError: 'Could not reset the password' });
}
