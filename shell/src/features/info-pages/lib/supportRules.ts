import {
  EMAIL_PATTERN,
  Messages,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_TOPICS,
  SupportMessages,
  type SupportMessageRequest,
  type SupportTopic,
} from '@altmed/contracts/web';

/** The Contact form as typed: the topic is empty until one is chosen. */
export interface SupportForm {
  name: string;
  email: string;
  topic: SupportTopic | '';
  message: string;
}

export type SupportField = keyof SupportForm;
export type SupportFormErrors = Partial<Record<SupportField, string>>;

export const emptySupportForm: SupportForm = { name: '', email: '', topic: '', message: '' };

/** The form as it opens: a logged-in account's name and email already filled in. */
export const supportFormFor = (user: { name: string; email: string } | null): SupportForm =>
  user ? { ...emptySupportForm, name: user.name, email: user.email } : emptySupportForm;

/** The fields in the order the form shows them (the first broken one takes the focus). */
export const supportFields: readonly SupportField[] = ['name', 'email', 'topic', 'message'];

/** The shortest message the server takes (its schema's minimum). */
export const SUPPORT_MESSAGE_MIN_LENGTH = 10;

const isTopic = (value: string): value is SupportTopic => (SUPPORT_TOPICS as readonly string[]).includes(value);

/**
 * The server's rules for POST /support/messages, with its texts: the request body (the fields
 * trimmed) when every rule holds, otherwise each broken field's message.
 */
export function readSupportForm(form: SupportForm): { body: SupportMessageRequest; errors: null } | { body: null; errors: SupportFormErrors } {
  const errors: SupportFormErrors = {};
  const name = form.name.trim();
  const email = form.email.trim();
  const message = form.message.trim();
  const { topic } = form;
  if (!name || name.length > 100) errors.name = SupportMessages.nameRequired;
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) errors.email = Messages.validEmailRequired;
  if (!isTopic(topic)) errors.topic = SupportMessages.topicInvalid;
  if (!message) errors.message = SupportMessages.messageRequired;
  else if (message.length < SUPPORT_MESSAGE_MIN_LENGTH) errors.message = SupportMessages.messageTooShort;
  else if (message.length > SUPPORT_MESSAGE_MAX_LENGTH) errors.message = SupportMessages.messageTooLong;
  if (!isTopic(topic) || Object.keys(errors).length) return { body: null, errors };
  return { body: { name, email, topic, message }, errors: null };
}
