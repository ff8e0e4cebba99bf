import { NPI_PATTERN, PASSWORD_MIN_LENGTH } from '@altmed/contracts/web';

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
  required: 'This field is required.',
  npi: 'Invalid NPI Number. It must be 10 digits.',
  email: 'Invalid email address.',
  password: 'Password must be at least 6 characters long.',
  confirm: 'Passwords do not match.',
  licenseIncomplete: 'Each state license must include state, DEA number, and license number.',
  licenseDuplicate: 'Cannot have multiple licenses for the same state.',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Step 1 rule for one field (SPEC §5); null when valid. */
export function validatePracticeField(field: PracticeField, values: PracticeInfo): string | null {
  const value = values[field];
  if (field === 'suite') return null;
  if (!value.trim()) return PortalMessages.required;
  switch (field) {
    case 'npiNumber':
      return NPI_PATTERN.test(value) ? null : PortalMessages.npi;
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

export interface StateLicense {
  state: string;
  deaNumber: string;
  licenseNumber: string;
}

/** Step 2 (SPEC §5): drops blank rows, rejects partial rows and duplicate states. */
export function checkStateLicenses(rows: StateLicense[]): { licenses: StateLicense[]; error: string | null } {
  const licenses = rows
    .map((r) => ({ state: r.state.trim(), deaNumber: r.deaNumber.trim(), licenseNumber: r.licenseNumber.trim() }))
    .filter((r) => r.state || r.deaNumber || r.licenseNumber);
  if (licenses.some((r) => !r.state || !r.deaNumber || !r.licenseNumber)) return { licenses, error: PortalMessages.licenseIncomplete };
  const states = licenses.map((r) => r.state);
  if (new Set(states).size !== states.length) return { licenses, error: PortalMessages.licenseDuplicate };
  return { licenses, error: null };
}
