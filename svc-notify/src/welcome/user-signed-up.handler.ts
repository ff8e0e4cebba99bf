import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer, EventInbox } from '@altmed/service-kit';
import type { Mailer } from '../mail/mailer';
import { welcomeEmail } from './welcome-email';

export interface WelcomeDeps {
  inbox: EventInbox;
  mailer: Mailer;
  siteUrl: string;
}

/** Sends one welcome email per user.signed_up event, however often the event is delivered. */
export async function sendWelcomeEmail(deps: WelcomeDeps, raw: EventEnvelope): Promise<void> {
  const event = parseEvent('user.signed_up', raw);
  await deps.inbox.runOnce('welcome-email', event.id, () => deps.mailer.send(welcomeEmail(event.data, event.id, deps.siteUrl)));
}

/** The welcome consumer's queue. v2 is a quorum queue; v1 was a classic queue of the name without the version. */
export const welcomeQueue = (queueSuffix: string) => `notify.user-signed-up.v2${queueSuffix}`;

export function welcomeConsumer(deps: WelcomeDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: welcomeQueue(options.queueSuffix),
    formerQueue: `notify.user-signed-up${options.queueSuffix}`,
    eventTypes: ['user.signed_up'],
    handle: (event) => sendWelcomeEmail(deps, event),
  };
}
