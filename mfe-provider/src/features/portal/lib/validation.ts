import { isValidNpi, NPI_PATTERN, PASSWORD_MIN_LENGTH, ProviderMessages } from '@altmed/contracts/web';

export interface PracticeInfo {
  practiceName: string;
  providerName: string;
  email: string;
  password: string;
  confirmPassword: string;
  npiNumber: string;
  address: string;
  suite: string;
  city: string;
  state: string;
  zip: string;
}

export type PracticeField = keyof PracticeInfo;

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

export const PortalMessages = {
  required: ProviderMessages.fieldRequired,
  npi: ProviderMessages.npiFormat,
  email: ProviderMessages.invalidEmail,
  password: ProviderMessages.passwordTooShort,
  confirm: ProviderMessages.passwordsDoNotMatch,
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Step 1 rule for one field (SPEC §5); null when valid. */
export function validatePracticeField(field: PracticeField, values: PracticeInfo): string | null {
  const value = values[field];
  if (field === 'suite') return null;
  if (!value.trim()) return PortalMessages.required;
  switch (field) {
    case 'npiNumber':
      if (!NPI_PATTERN.test(value)) return PortalMessages.npi;
      return isValidNpi(value) ? null : ProviderMessages.npiCheckDigit;
    case 'email':
      return EMAIL_PATTERN.test(value.trim()) ? null : PortalMessages.email;
    case 'password':
      return value.length >= PASSWORD_MIN_LENGTH ? null : PortalMessages.password;
    case 'confirmPassword':
      return value === values.password ? null : PortalMessages.confirm;
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
