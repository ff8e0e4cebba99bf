import { eventually } from '../net';

export interface InboxEmail {
  id: string;
  subject: string;
  to: { address: string; name?: string }[];
  from: { address: string; name?: string }[];
  text?: string;
  html?: string;
  headers?: Record<string, string>;
}

const apiUrl = () => process.env.MAILDEV_API_URL ?? 'http://127.0.0.1:1080';

/** Every email in the SMTP sink's inbox (maildev's REST API). */
export async function listEmails(): Promise<InboxEmail[]> {
  const response = await fetch(`${apiUrl()}/api/email`);
  if (!response.ok) throw new Error(`maildev answered ${response.status}`);
  return (await response.json()) as InboxEmail[];
}

export function emailsTo(emails: InboxEmail[], address: string): InboxEmail[] {
  const wanted = address.toLowerCase();
  return emails.filter((email) => email.to.some((to) => to.address.toLowerCase() === wanted));
}

/** Polls until `count` emails to `address` have arrived, or fails after `timeoutMs`. */
export function waitForEmailsTo(address: string, count = 1, timeoutMs = 15_000): Promise<InboxEmail[]> {
  return eventually(
    async () => {
      const found = emailsTo(await listEmails(), address);
      return found.length >= count ? found : undefined;
    },
    timeoutMs,
    `Expected ${count} email(s) to ${address}`,
    200,
  );
}
