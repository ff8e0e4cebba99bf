import { DefaultErrors } from '@altmed/web-kit';

/** The public login modal's texts (SPEC §5, §8). */
export const LoginTexts = {
  fieldsRequired: 'Email and password are required',
  invalidCredentials: 'Invalid credentials',
  newHere: "If you're new, please join.",
  serverError: 'Server error during login. Please try again.',
  /** After the server's text for a blocked account (Messages.accountBlocked). */
  contactPage: 'Go to the Contact page',
  success: 'Logged in successfully!',
} as const;

/** SPEC §8: "Login failed" or a message containing "Invalid" means bad credentials; anything else is a server error. */
export function isInvalidCredentials(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return message === DefaultErrors.login || message.includes('Invalid');
}
