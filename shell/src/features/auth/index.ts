/** What other features may use of the auth feature. */
export { logIn, signUp, type AuthResponse } from './api/auth';
