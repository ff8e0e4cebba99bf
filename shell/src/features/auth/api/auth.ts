import { apiRequest, DefaultErrors, type SessionUser } from '@altmed/web-kit';

export interface AuthResponse {
  token: string;
  user: SessionUser;
}

/** POST /users/login (no token sent, SPEC §6). */
export function logIn(email: string, password: string): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/users/login', { method: 'POST', body: { email, password }, defaultError: DefaultErrors.login });
}

export interface SignupBody {
  name: string;
  email: string;
  password: string;
  contactInfo: { phone: string; address: string; specialties: string[] };
}

/** POST /users/signup (no token sent, SPEC §6). */
export function signUp(body: SignupBody): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/users/signup', { method: 'POST', body, defaultError: DefaultErrors.signup });
}

/** POST /users/forgot-password: the answer is the same whether or not the email has an account. */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/users/forgot-password', { method: 'POST', body: { email }, defaultError: 'Could not send the reset link' });
}

/** POST /users/reset-password with the link's token and the new password. */
export function resetPassword(token: string, password: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/users/reset-password', { method: 'POST', body: { token, password }, defaultError: 'Could not reset the password' });
}
