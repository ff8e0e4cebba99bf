import { ApiError, isAccountBlocked } from '@altmed/web-kit';
import { logIn, signUp, type AuthResponse } from '../../auth';
import { ContactMessages, signupBody, type ContactForm } from './contactRules';

/**
 * SPEC §5: on submit the flow first tries to log in with the email and password and signs up if
 * that fails. Either answer must hold a user id. A sign-up the server refuses shows its message, and
 * so does a login refused because the account is blocked (no sign-up then: the email has an account).
 */
export async function logInOrSignUp(form: ContactForm): Promise<AuthResponse> {
  const body = signupBody(form);
  let response: AuthResponse | undefined;
  try {
    response = await logIn(body.email, body.password);
  } catch (loginError) {
    if (isAccountBlocked(loginError)) throw loginError;
    try {
      response = await signUp(body);
    } catch (err) {
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
      throw new Error(refused ? err.message : ContactMessages.serverError, { cause: err });
    }
  }
  if (!response?.token || !response.user?.id) throw new Error(ContactMessages.unknownSignupError);
  return response;
}
