import { SUPPORT_TOPIC_LABELS, type SupportMessageReceivedV1, type SupportReplyRequestedV1, type SupportTopic } from '@altmed/contracts';
import { EmailLayout, Paragraph } from '../mail/email-layout';
import type { OutgoingEmail } from '../mail/mailer';
import { renderEmail } from '../mail/render-email';

const topicLabel = (topic: string) => SUPPORT_TOPIC_LABELS[topic as SupportTopic] ?? topic;

/** To the support team: a Contact message arrived; the Support Center answers it. */
export function supportMessageEmail(received: SupportMessageReceivedV1, to: string, siteUrl: string): OutgoingEmail {
  const supportCenter = new URL('/admin/support', siteUrl).toString();
  const { html, text } = renderEmail(
    <EmailLayout preview={`${received.name}: ${topicLabel(received.topic)}`} heading="A new Contact message" siteUrl={siteUrl}>
      <Paragraph>
        {received.name} ({received.email}) wrote about “{topicLabel(received.topic)}”:
      </Paragraph>
      <Paragraph>{received.message}</Paragraph>
      <Paragraph>Answer it from the Support Center: {supportCenter}</Paragraph>
    </EmailLayout>,
  );
  return { to, subject: `Contact message: ${topicLabel(received.topic)}`, text, html, messageId: `<${received.messageId}.support-message@altmed.local>` };
}

/** To the person who wrote: an administrator's answer, quoting what they wrote. */
export function supportReplyEmail(reply: SupportReplyRequestedV1, siteUrl: string): OutgoingEmail {
  const firstName = reply.to.name.split(/\s+/)[0] ?? reply.to.name;
  const { html, text } = renderEmail(
    <EmailLayout preview={reply.text.slice(0, 90)} heading="Our answer to your message" siteUrl={siteUrl}>
      <Paragraph>Hi {firstName},</Paragraph>
      <Paragraph>{reply.text}</Paragraph>
      <Paragraph>You wrote to us about “{topicLabel(reply.topic)}”:</Paragraph>
      <Paragraph>{reply.originalMessage}</Paragraph>
      <Paragraph>Reply to this email if you need anything else.</Paragraph>
    </EmailLayout>,
  );
  return { to: reply.to.email, subject: `Re: ${topicLabel(reply.topic)}`, text, html, messageId: `<${reply.replyId}.support-reply@altmed.local>` };
}
