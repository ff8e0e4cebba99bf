import { AREAS_OF_INTEREST, EMAIL_PATTERN, Messages, PASSWORD_MIN_LENGTH, PHONE_PATTERN, type AreaOfInterest } from '@altmed/contracts/web';

export interface ContactForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phone: string;
  address: string;
  areas: AreaOfInterest[];
  /** Both consent boxes: they share this one state (SPEC §5). */
  agreed: boolean;
}

export const emptyContactForm: ContactForm = { firstName: '', lastName: '', email: '', password: '', phone: '', address: '', areas: [], agreed: false };

export const ContactMessages = {
  termsRequired: 'You must agree to the Terms & Services',
  unknownSignupError: 'Signup failed due to an unknown error',
  serverError: 'Server error during signup/login',
} as const;

/** The field a broken rule belongs to, so the form can move focus there. */
export type ContactField = 'agreed' | 'firstName' | 'email' | 'password' | 'phone' | 'areas';

/** The first broken rule of the member contact form, in the spec's order (SPEC §5), or null. */
export function firstContactError(form: ContactForm): { field: ContactField; message: string } | null {
  if (!form.agreed) return { field: 'agreed', message: ContactMessages.termsRequired };
  if (!form.firstName.trim() || !form.lastName.trim()) return { field: 'firstName', message: Messages.firstAndLastNameRequired };
  if (!EMAIL_PATTERN.test(form.email.trim())) return { field: 'email', message: Messages.validEmailRequired };
  if (form.password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: Messages.passwordTooShort };
  if (!PHONE_PATTERN.test(form.phone.trim())) return { field: 'phone', message: Messages.phoneFormat };
  if (!form.areas.some((area) => (AREAS_OF_INTEREST as readonly string[]).includes(area))) return { field: 'areas', message: Messages.areasRequired };
  return null;
}

/** The sign-up body: the name is first and last name joined (SPEC §5). */
export function signupBody(form: ContactForm) {
  return {
    name: `${form.firstName.trim()} ${form.lastName.trim()}`,
    email: form.email.trim(),
    password: form.password,
    contactInfo: { phone: form.phone.trim(), address: form.address.trim(), specialties: form.areas },
  };
}
