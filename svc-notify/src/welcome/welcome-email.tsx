import type { UserSignedUpV1 } from '@altmed/contracts';
import { ButtonLink, EmailLayout, Paragraph } from '../mail/email-layout';
import type { OutgoingEmail } from '../mail/mailer';
import { renderEmail } from '../mail/render-email';

export function welcomeEmail(user: UserSignedUpV1, eventId: string, siteUrl: string): OutgoingEmail {
  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  const { html, text } = renderEmail(
    <EmailLayout preview="Your account is ready" heading="Welcome to your membership" siteUrl={siteUrl}>
      <Paragraph>Hi {firstName},</Paragraph>
      <Paragraph>
        Welcome! Your account is ready. With your membership you can connect with vetted providers, scientists, practitioners and advisors in alternative
        medicine, learn from industry leaders, and explore innovative therapies, treatments and products.
      </Paragraph>
      <ButtonLink href={siteUrl}>Get started</ButtonLink>
    </EmailLayout>,
  );
  return { to: user.email, subject: 'Welcome to your membership', text, html, messageId: `<${eventId}.welcome@altmed.local>` };
}
