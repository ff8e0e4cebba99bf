import { ADMIN_INVITATION_TTL_HOURS, type AdminInvitedV1 } from '@altmed/contracts';
import { Link } from '@react-email/components';
import { ButtonLink, EmailLayout, Paragraph } from '../mail/email-layout';
import type { OutgoingEmail } from '../mail/mailer';
import { renderEmail } from '../mail/render-email';

export const ADMIN_INVITATION_SUBJECT = 'You are invited to administer Altmed';

/** The page the link opens, with the single-use token. */
export function invitationLink(siteUrl: string, token: string): string {
  const url = new URL('/admin/accept-invitation', siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** To someone who has no account yet: the link is where they make one. */
export function adminInvitationEmail(invitation: AdminInvitedV1, siteUrl: string): OutgoingEmail {
  const link = invitationLink(siteUrl, invitation.token);
  const { html, text } = renderEmail(
    <EmailLayout
      preview={`Become an administrator (the link works for ${ADMIN_INVITATION_TTL_HOURS} hours)`}
      heading="Become an administrator"
      siteUrl={siteUrl}
      reason={
        <>
          You receive this email because {invitation.invitedBy.email} invited this address to administer <Link href={siteUrl}>{siteUrl}</Link>. You have no
          account there unless you accept.
        </>
      }
    >
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {invitation.invitedBy.email} invited you to administer the Altmed marketplace: vetting providers, moderating reviews and helping members. You do not
        need an account yet: the link below makes yours, with the name and password you choose there.
      </Paragraph>
      <ButtonLink href={link}>Create my administrator account</ButtonLink>
      <Paragraph>
        The link works once, for {ADMIN_INVITATION_TTL_HOURS} hours. If you did not expect this, you can ignore this email: no account is made without the link.
      </Paragraph>
      <Paragraph>If the button does not work, copy this address into your browser: {link}</Paragraph>
    </EmailLayout>,
  );
  return { to: invitation.email, subject: ADMIN_INVITATION_SUBJECT, text, html, messageId: `<${invitation.sendId}.admin-invitation@altmed.local>` };
}
