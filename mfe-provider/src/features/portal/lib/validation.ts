import {
  EMAIL_PATTERN,
  isValidNpi,
  NPI_PATTERN,
  PASSWORD_MIN_LENGTH,
  ProviderMessages,
  US_STATE_CODES,
  ZIP_MAX_LENGTH,
  type ProviderSignup,
} from '@altmed/contracts/web';

/** Step 1's fields: the sign-up request's, but the phone, which the portal does not ask. */
export type PracticeField = Exclude<keyof ProviderSignup, 'phone'>;
/** Step 1's form as typed. */
export type PracticeInfo = Record<PracticeField, string>;

export const emptyPracticeInfo: PracticeInfo = {
  practiceName: '',
  providerName: '',
  email: '',
  password: '',
  confirmPassword: '',
  npiNumber: '',
  address: '',
  suite: '',
  city: '',
  state: '',
  zip: '',
};

const isStateCode = (value: string) => (US_STATE_CODES as readonly string[]).includes(value);

/**
 * Step 1's rule for one field (SPEC §5); null when valid. These are the rules of the contracts'
 * `providerSignupSchema`, built from the same constants and messages: the schema itself stays on the
 * servers, so the browser does not download zod (validation.test.ts holds the two to the same
 * answers). The form also requires the confirmation, which the API takes as optional; the servers'
 * length limits ("This field is too long.") are left to them.
 */
export function validatePracticeField(field: PracticeField, values: PracticeInfo): string | null {
  const value = values[field];
  if (field === 'suite') return null;
  // Passwords are taken as typed, spaces included.
  if (field === 'password' || field === 'confirmPassword') {
    if (!value) return ProviderMessages.fieldRequired;
    if (field === 'confirmPassword') return value === values.password ? null : ProviderMessages.passwordsDoNotMatch;
    return value.length >= PASSWORD_MIN_LENGTH ? null : ProviderMessages.passwordTooShort;
  }
  if (!value.trim()) return ProviderMessages.fieldRequired;
  switch (field) {
    case 'npiNumber':
      if (!NPI_PATTERN.test(value.trim())) return ProviderMessages.npiFormat;
      return isValidNpi(value.trim()) ? null : ProviderMessages.npiCheckDigit;
    case 'email':
      return EMAIL_PATTERN.test(value.trim()) ? null : ProviderMessages.invalidEmail;
    case 'state':
      return isStateCode(value) ? null : ProviderMessages.fieldRequired;
    case 'zip':
      return value.trim().length <= ZIP_MAX_LENGTH ? null : ProviderMessages.zipTooLong;
    default:
      return null;
  }
}

export function validatePracticeInfo(values: PracticeInfo): Partial<Record<PracticeField, string>> {
  const errors: Partial<Record<PracticeField, string>> = {};
  (Object.keys(values) as PracticeField[]).forEach((field) => {
    const error = validatePracticeField(field, values);
    if (error) errors[field] = error;
  });
  return errors;
}
