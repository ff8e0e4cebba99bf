import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer, EventInbox } from '@altmed/service-kit';
import type { Mailer } from '../mail/mailer';
import { supportReplyEmail } from './support-emails';

export interface SupportReplyEmailDeps {
  inbox: EventInbox;
  mailer: Mailer;
  siteUrl: string;
}

/** An administrator's answer emailed to the sender, once per reply (one support.reply_requested each). */
export async function sendSupportReplyEmail(deps: SupportReplyEmailDeps, raw: EventEnvelope): Promise<void> {
  const event = parseEvent('support.reply_requested', raw);
  await deps.inbox.runOnce('support-reply-email', event.id, () => deps.mailer.send(supportReplyEmail(event.data, deps.siteUrl)));
}

export const supportReplyQueue = (queueSuffix: string) => `notify.support-reply-requested${queueSuffix}`;

export function supportReplyConsumer(deps: SupportReplyEmailDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: supportReplyQueue(options.queueSuffix),
    eventTypes: ['support.reply_requested'],
    handle: (event) => sendSupportReplyEmail(deps, event),
  };
}
