import { Messages, ProviderMessages } from '@altmed/contracts/web';
import { ApiError } from '@altmed/web-kit';
import type { PracticeField } from './validation';

export const SignupErrorTexts = {
  emailTaken: 'This email address is already registered. Please use a different email.',
  npiTaken: 'This NPI Number is already registered. Please verify your NPI Number.',
  duplicate: 'A provider with this information already exists. Please check your email and NPI Number.',
  generic: 'Error saving provider information. Please try again.',
  connection: 'Error saving provider information. Please check your connection and try again.',
} as const;

export interface SignupErrorOutcome {
  fieldErrors: Partial<Record<PracticeField, string>>;
  alert: string | null;
  /** The email already has an account: the provider may log in instead. */
  emailRegistered: boolean;
}

const EMAIL_TAKEN_MESSAGES: string[] = [ProviderMessages.emailExists, Messages.emailTaken];
const NPI_TAKEN_MESSAGE: string = ProviderMessages.npiExists;

function fieldErrorsOf(data: unknown): Partial<Record<PracticeField, string>> {
  const errors = (data as { errors?: unknown } | undefined)?.errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).filter((entry): entry is [PracticeField, string] => typeof entry[1] === 'string'),
  );
}

/** Maps a failed step-1 save to field errors or an alert (SPEC §8 "Provider sign-up"). */
export function mapSignupError(error: unknown): SignupErrorOutcome {
  if (!(error instanceof ApiError) || error.status !== 400) return { fieldErrors: {}, alert: SignupErrorTexts.connection, emailRegistered: false };
  const { message } = error;
  const fieldErrors = fieldErrorsOf(error.data);
  const emailRegistered = EMAIL_TAKEN_MESSAGES.includes(message);
  if (emailRegistered || message === NPI_TAKEN_MESSAGE) {
    // Both may be taken: each already-registered field gets the spec's text.
    const npiTaken = message === NPI_TAKEN_MESSAGE || fieldErrors.npiNumber === NPI_TAKEN_MESSAGE;
    return {
      fieldErrors: { ...(emailRegistered ? { email: SignupErrorTexts.emailTaken } : {}), ...(npiTaken ? { npiNumber: SignupErrorTexts.npiTaken } : {}) },
      alert: null,
      emailRegistered,
    };
  }
  if (message === 'Provider with this information already exists') return { fieldErrors: {}, alert: SignupErrorTexts.duplicate, emailRegistered: false };
  if (Object.keys(fieldErrors).length) return { fieldErrors, alert: null, emailRegistered: false };
  const serverMessage = (error.data as { message?: unknown } | undefined)?.message;
  return { fieldErrors: {}, alert: typeof serverMessage === 'string' && serverMessage ? serverMessage : SignupErrorTexts.generic, emailRegistered: false };
}
