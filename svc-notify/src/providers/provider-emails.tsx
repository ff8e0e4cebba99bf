import type { ProviderRegisteredV1 } from '@altmed/contracts';
import { ButtonLink, DetailList, EmailLayout, Paragraph } from '../mail/email-layout';
import type { OutgoingEmail } from '../mail/mailer';
import { renderEmail } from '../mail/render-email';

const listed = (entries: readonly string[]) => (entries.length > 0 ? entries.join('; ') : 'None given');

/** To the administrators: a provider finished the portal and waits for review. */
export function providerSignupNotificationEmail(provider: ProviderRegisteredV1, to: string, siteUrl: string): OutgoingEmail {
  const reviewUrl = new URL('/admin/providers', siteUrl).toString();
  const subject = `New provider sign-up: ${provider.providerName}`;
  const { html, text } = renderEmail(
    <EmailLayout preview={`${provider.providerName} of ${provider.practiceName} waits for review`} heading="A new provider signed up" siteUrl={siteUrl}>
      <Paragraph>
        {provider.providerName} of {provider.practiceName} completed the provider portal. The profile stays hidden from members until it is approved.
      </Paragraph>
      <DetailList
        rows={[
          ['Provider', provider.providerName],
          ['Practice', provider.practiceName],
          ['Email', provider.email],
          ['Phone', provider.phone || 'None given'],
          ['NPI Number', provider.npiNumber],
          ['Address', provider.fullAddress],
          ['Specialties', listed(provider.specialties)],
          ['Board certifications', listed(provider.boardCertifications)],
          ['Hospital affiliations', listed(provider.hospitalAffiliations)],
          ['Education and training', listed(provider.educationAndTraining)],
        ]}
      />
      <Paragraph>{provider.practiceDescription || 'No practice description given.'}</Paragraph>
      <ButtonLink href={reviewUrl}>Review providers</ButtonLink>
    </EmailLayout>,
  );
  return { to, subject, text, html, messageId: `<provider-signup.${provider.providerId}@altmed.local>` };
}

/** To the provider: the profile is in, and what happens next. */
export function providerWelcomeEmail(provider: { providerId: string; providerName: string; email: string }, siteUrl: string): OutgoingEmail {
  const dashboardUrl = new URL('/provider/profile', siteUrl).toString();
  const { html, text } = renderEmail(
    <EmailLayout preview="Your provider profile is in review" heading="Welcome to Altmed" siteUrl={siteUrl}>
      <Paragraph>Hi {provider.providerName},</Paragraph>
      <Paragraph>
        Thank you for completing your provider details. Our team reviews every profile before members can see it; we will be in touch once yours is approved.
        Meanwhile you can log in with your email and password to review and edit your profile.
      </Paragraph>
      <ButtonLink href={dashboardUrl}>Open your dashboard</ButtonLink>
    </EmailLayout>,
  );
  return { to: provider.email, subject: 'Welcome to Altmed', text, html, messageId: `<provider-welcome.${provider.providerId}@altmed.local>` };
}
