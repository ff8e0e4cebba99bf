import { paymentReference, type PaymentRefundedV1 } from '@altmed/contracts';
import { ButtonLink, DetailList, EmailLayout, Paragraph } from '../mail/email-layout';
import type { OutgoingEmail } from '../mail/mailer';
import { renderEmail } from '../mail/render-email';
import { day, money } from './subscription-email';

export const REFUND_EMAIL_SUBJECT = 'Your membership payment was refunded';

/** The refund of a paid membership: what went back to the card, and that the year it bought has ended. */
export function refundEmail(refund: PaymentRefundedV1, member: { name: string; email: string }, siteUrl: string): OutgoingEmail {
  const firstName = member.name.split(/\s+/)[0] ?? member.name;
  const rows: [string, string][] = [
    ['Amount refunded', money(refund.amount, refund.currency)],
    ['Refunded on', day(refund.refundedAt)],
    ['Payment reference', paymentReference(refund.paymentId)],
  ];
  const { html, text } = renderEmail(
    <EmailLayout preview={`${money(refund.amount, refund.currency)} is on its way back to your card`} heading={REFUND_EMAIL_SUBJECT} siteUrl={siteUrl}>
      <Paragraph>Hi {firstName},</Paragraph>
      <Paragraph>
        We have refunded your membership payment in full. The money is on its way back to the card you paid with; banks usually show it within 5 to 10 business
        days. The membership year this payment bought has ended.
      </Paragraph>
      <DetailList rows={rows} />
      <Paragraph>You are welcome back any time.</Paragraph>
      <ButtonLink href={siteUrl}>Visit Altmed</ButtonLink>
    </EmailLayout>,
  );
  return { to: member.email, subject: REFUND_EMAIL_SUBJECT, text, html, messageId: `<${refund.paymentId}.refund@altmed.local>` };
}
