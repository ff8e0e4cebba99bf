import { apiCall, DefaultErrors, isAccountBlocked, isAdminUser, type SessionUser } from '@altmed/web-kit';

export interface LoginResponse {
  token: string;
  user: SessionUser;
}

export const AdminLoginMessages = {
  fieldsRequired: 'Please fill in all fields',
  invalidCredentials: 'Invalid credentials. Please check your email and password.',
  serverError: 'Server error during login. Please try again.',
  accessDenied: 'Access denied. Admin privileges required.',
  success: 'Login successful!',
} as const;

/** POST /api/users/login (no token sent, SPEC §6). */
export function loginRequest(email: string, password: string): Promise<LoginResponse> {
  return apiCall('POST /users/login', { body: { email, password }, defaultError: DefaultErrors.login });
}

/** SPEC §8: "Login failed" or a message containing "Invalid" means bad credentials; a blocked account is told so, as the server says it. */
export function loginErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (isAccountBlocked(error)) return message;
  return message === DefaultErrors.login || message.includes('Invalid') ? AdminLoginMessages.invalidCredentials : AdminLoginMessages.serverError;
}

export function isAdminLogin(response: LoginResponse | undefined): response is LoginResponse {
  return Boolean(response?.token && response.user?.id && isAdminUser(response.user));
}
