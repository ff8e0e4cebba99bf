/** The page a password reset email links to (/reset-password). */
export { ResetPasswordPage } from './components/ResetPasswordPage';
