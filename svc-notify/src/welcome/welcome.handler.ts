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

export function welcomeConsumer(deps: WelcomeDeps, options: { queueSuffix: string; maxRetries: number }): EventConsumer {
  return {
    queue: `notify.user-signed-up${options.queueSuffix}`,
    eventTypes: ['user.signed_up'],
    maxRetries: options.maxRetries,
    handle: (event) => sendWelcomeEmail(deps, event),
  };
}
