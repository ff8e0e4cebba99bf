import type { MembershipReminderDueV1, MembershipReminderKind } from '@altmed/contracts';
import { ButtonLink, EmailLayout, Paragraph } from '../mail/email-layout';
import type { OutgoingEmail } from '../mail/mailer';
import { renderEmail } from '../mail/render-email';
import { day } from './subscription-email';

export const MEMBERSHIP_REMINDER_SUBJECTS: Record<MembershipReminderKind, string> = {
  '30-days': 'Your membership ends in 30 days',
  '7-days': 'Your membership ends in 7 days',
  ended: 'Your membership has ended',
};

/** A reminder that the membership year is ending (30 or 7 days before) or has ended, with the way to renew. */
export function membershipReminderEmail(reminder: MembershipReminderDueV1, siteUrl: string): OutgoingEmail {
  const firstName = reminder.name.split(/\s+/)[0] ?? reminder.name;
  const subject = MEMBERSHIP_REMINDER_SUBJECTS[reminder.kind];
  const endsOn = day(reminder.endsAt);
  const { html, text } = renderEmail(
    <EmailLayout
      preview={reminder.kind === 'ended' ? `Your membership ended on ${endsOn}` : `Your membership ends on ${endsOn}`}
      heading={subject}
      siteUrl={siteUrl}
    >
      <Paragraph>Hi {firstName},</Paragraph>
      {reminder.kind === 'ended' ? (
        <Paragraph>
          Your membership ended on {endsOn}. Renew any time to compare vetted providers again and pick up your saved providers where you left them.
        </Paragraph>
      ) : (
        <Paragraph>
          Your membership ends on {endsOn}. Renew now to keep comparing vetted providers without a break: the new year starts when the current one ends.
        </Paragraph>
      )}
      <ButtonLink href={`${siteUrl}/account`}>Renew membership</ButtonLink>
    </EmailLayout>,
  );
  return { to: reminder.email, subject, text, html, messageId: `<${reminder.reminderId.replace(/[^A-Za-z0-9.-]/g, '.')}.reminder@altmed.local>` };
}
