import { paymentReference, type MembershipActivatedV1 } from '@altmed/contracts';
import { ButtonLink, DetailList, EmailLayout, Paragraph } from '../mail/email-layout';
import type { OutgoingEmail } from '../mail/mailer';
import { renderEmail } from '../mail/render-email';

export const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
export const day = (iso: string) => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

export const SUBSCRIPTION_EMAIL_SUBJECT = 'Your membership is confirmed';

/** The subscription confirmation with its receipt: amount paid, code used, the period covered. */
export function subscriptionEmail(membership: MembershipActivatedV1, siteUrl: string): OutgoingEmail {
  const firstName = membership.name.split(/\s+/)[0] ?? membership.name;
  const period = `${day(membership.periodStart)} – ${day(membership.periodEnd)}`;
  const rows: [string, string][] = [
    ['Amount paid', money(membership.amount, membership.currency)],
    ['Promo code', membership.promoCode ?? 'None'],
    ['Membership period', period],
    ['Paid on', day(membership.paidAt)],
    ['Payment reference', paymentReference(membership.paymentId)],
  ];
  const { html, text } = renderEmail(
    <EmailLayout preview={`Membership ${membership.extended ? 'extended' : 'active'}: ${period}`} heading={SUBSCRIPTION_EMAIL_SUBJECT} siteUrl={siteUrl}>
      <Paragraph>Hi {firstName},</Paragraph>
      <Paragraph>
        {membership.extended
          ? 'Thank you for renewing. Your membership has been extended by a full year from the end of your current period.'
          : 'Thank you for joining. Your membership is active: a full year of access to vetted providers, learning from industry leaders and innovative therapies.'}
      </Paragraph>
      <DetailList rows={rows} />
      <ButtonLink href={siteUrl}>Find a provider</ButtonLink>
    </EmailLayout>,
  );
  return { to: membership.email, subject: SUBSCRIPTION_EMAIL_SUBJECT, text, html, messageId: `<${membership.paymentId}.subscription@altmed.local>` };
}
