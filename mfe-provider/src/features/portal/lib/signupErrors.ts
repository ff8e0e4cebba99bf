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
}

/** Maps a failed step-1 save to field errors or an alert (SPEC §8 "Provider sign-up"). */
export function mapSignupError(error: unknown): SignupErrorOutcome {
  if (!(error instanceof ApiError) || error.status !== 400) return { fieldErrors: {}, alert: SignupErrorTexts.connection };
  const message = error.message;
  if (message === 'Email already exists' || message === 'User with this email already exists') {
    return { fieldErrors: { email: SignupErrorTexts.emailTaken }, alert: null };
  }
  if (message === 'NPI Number already exists') return { fieldErrors: { npiNumber: SignupErrorTexts.npiTaken }, alert: null };
  if (message === 'Provider with this information already exists') return { fieldErrors: {}, alert: SignupErrorTexts.duplicate };
  const errors = (error.data as { errors?: unknown } | undefined)?.errors;
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    const fieldErrors: Partial<Record<PracticeField, string>> = {};
    Object.entries(errors as Record<string, unknown>).forEach(([field, text]) => {
      if (typeof text === 'string') fieldErrors[field as PracticeField] = text;
    });
    if (Object.keys(fieldErrors).length) return { fieldErrors, alert: null };
  }
  const serverMessage = (error.data as { message?: unknown } | undefined)?.message;
  return { fieldErrors: {}, alert: typeof serverMessage === 'string' && serverMessage ? serverMessage : SignupErrorTexts.generic };
}
