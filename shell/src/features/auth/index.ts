/** The login modal (with its forgot-password form), and the calls other features may use. */
export { LoginDialog } from './components/LoginDialog';
export { logIn, resetPassword, signUp, type AuthResponse } from './api/auth';
