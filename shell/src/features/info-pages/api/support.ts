import type { SupportMessageRequest } from '@altmed/contracts/web';
import { apiCall } from '@altmed/web-kit';

/** The text of a failed send when the server gives no message of its own. */
export const SupportErrors = {
  send: 'Your message could not be sent. Please try again, or email us.',
} as const;

/**
 * POST /api/support/messages: anyone may write; a logged-in member's token lets the Support Center
 * link the message to their account. Answers the support team's thank-you text.
 */
export async function sendSupportMessage(body: SupportMessageRequest, token: string | null): Promise<string> {
  const { message } = await apiCall('POST /support/messages', { body, token, defaultError: SupportErrors.send });
  return message;
}
