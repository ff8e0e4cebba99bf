import type { UserSignedUpV1 } from '@altmed/contracts';
import { escapeHtml } from '../mail/escape-html';
import type { OutgoingEmail } from '../mail/mailer';

export function welcomeEmail(user: UserSignedUpV1, eventId: string, siteUrl: string): OutgoingEmail {
  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  const subject = 'Welcome to your membership';
  const text = [
    `Hi ${firstName},`,
    '',
    'Welcome! Your account is ready. With your membership you can connect with vetted providers,',
    'scientists, practitioners and advisors in alternative medicine, learn from industry leaders,',
    'and explore innovative therapies, treatments and products.',
    '',
    `Visit ${siteUrl} to get started.`,
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(firstName)},</p>
<p>Welcome! Your account is ready. With your membership you can connect with vetted providers, scientists,
practitioners and advisors in alternative medicine, learn from industry leaders, and explore innovative
therapies, treatments and products.</p>
<p><a href="${escapeHtml(siteUrl)}">Get started</a></p>`;
  return { to: user.email, subject, text, html, messageId: `<${eventId}.welcome@altmed.local>` };
}
