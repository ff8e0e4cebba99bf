import type { ProviderStatusChangedV1 } from '@altmed/contracts';
import { ButtonLink, EmailLayout, Paragraph } from '../mail/email-layout';
import type { OutgoingEmail } from '../mail/mailer';
import { renderEmail } from '../mail/render-email';

export const PROVIDER_APPROVED_SUBJECT = 'Your practice is approved';

/** To a provider an administrator approved: members can now find the practice. */
export function providerApprovedEmail(change: ProviderStatusChangedV1, siteUrl: string, eventId: string): OutgoingEmail {
  const profile = new URL(`/provider-profile/${change.providerId}`, siteUrl).toString();
  const dashboard = new URL('/provider/profile', siteUrl).toString();
  const { html, text } = renderEmail(
    <EmailLayout preview={`${change.practiceName} is now listed for members`} heading={PROVIDER_APPROVED_SUBJECT} siteUrl={siteUrl}>
      <Paragraph>Hello {change.providerName},</Paragraph>
      <Paragraph>
        We have reviewed {change.practiceName} and approved it. Members can now find your practice, read your profile and compare it with others.
      </Paragraph>
      <ButtonLink href={dashboard}>Open your dashboard</ButtonLink>
      <Paragraph>Keep your profile current from the dashboard: members see your changes at once. Your public profile: {profile}</Paragraph>
    </EmailLayout>,
  );
  return { to: change.email, subject: PROVIDER_APPROVED_SUBJECT, text, html, messageId: `<${eventId}.provider-approved@altmed.local>` };
}
