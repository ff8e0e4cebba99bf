import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer, EventInbox } from '@altmed/service-kit';
import type { Mailer } from '../mail/mailer';
import { supportMessageEmail } from './support-emails';

export interface SupportMessageEmailDeps {
  inbox: EventInbox;
  mailer: Mailer;
  siteUrl: string;
  /** Where the support team is told of a new message. */
  supportTeamEmail: string;
}

/** The support team's email of a Contact message, once per message (one support.message_received each). */
export async function sendSupportMessageEmail(deps: SupportMessageEmailDeps, raw: EventEnvelope): Promise<void> {
  const event = parseEvent('support.message_received', raw);
  await deps.inbox.runOnce('support-message-email', event.id, () => deps.mailer.send(supportMessageEmail(event.data, deps.supportTeamEmail, deps.siteUrl)));
}

export const supportMessageQueue = (queueSuffix: string) => `notify.support-message-received${queueSuffix}`;

export function supportMessageConsumer(deps: SupportMessageEmailDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: supportMessageQueue(options.queueSuffix),
    eventTypes: ['support.message_received'],
    handle: (event) => sendSupportMessageEmail(deps, event),
  };
}
