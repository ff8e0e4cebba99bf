import type { PasswordResetRequestedV1 } from '@altmed/contracts';
import { ButtonLink, EmailLayout, Paragraph } from '../mail/email-layout';
import type { OutgoingEmail } from '../mail/mailer';
import { renderEmail } from '../mail/render-email';

/** The page the link opens, with the single-use token. */
export function resetLink(siteUrl: string, token: string): string {
  const url = new URL('/reset-password', siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export function passwordResetEmail(reset: PasswordResetRequestedV1, siteUrl: string): OutgoingEmail {
  const firstName = reset.name.split(/\s+/)[0] ?? reset.name;
  const link = resetLink(siteUrl, reset.token);
  const { html, text } = renderEmail(
    <EmailLayout preview="Choose a new password (the link works for one hour)" heading="Reset your password" siteUrl={siteUrl}>
      <Paragraph>Hi {firstName},</Paragraph>
      <Paragraph>Someone, hopefully you, asked to reset the password of your membership account. Choose a new password with this link:</Paragraph>
      <ButtonLink href={link}>Choose a new password</ButtonLink>
      <Paragraph>
        The link works once, for one hour. Setting a new password logs your account out everywhere else. If you did not ask for this, you can ignore this email:
        your password stays as it is.
      </Paragraph>
      <Paragraph>If the button does not work, copy this address into your browser: {link}</Paragraph>
    </EmailLayout>,
  );
  return { to: reset.email, subject: 'Reset your password', text, html, messageId: `<${reset.resetId}.password-reset@altmed.local>` };
}
