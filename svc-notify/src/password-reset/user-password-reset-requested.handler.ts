import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer, EventInbox } from '@altmed/service-kit';
import type { Mailer } from '../mail/mailer';
import { passwordResetEmail } from './password-reset-email';

export interface PasswordResetDeps {
  inbox: EventInbox;
  mailer: Mailer;
  siteUrl: string;
  /** A link past its expiry is not worth sending (a retried event may arrive late). */
  now?: () => Date;
}

/** Emails the reset link once per user.password_reset_requested event, unless it has expired meanwhile. */
export async function sendPasswordResetEmail(deps: PasswordResetDeps, raw: EventEnvelope): Promise<void> {
  const event = parseEvent('user.password_reset_requested', raw);
  if (Date.parse(event.data.expiresAt) <= (deps.now?.() ?? new Date()).getTime()) return;
  await deps.inbox.runOnce('password-reset-email', event.id, () => deps.mailer.send(passwordResetEmail(event.data, deps.siteUrl)));
}

export const passwordResetQueue = (queueSuffix: string) => `notify.password-reset-requested${queueSuffix}`;

export function passwordResetConsumer(deps: PasswordResetDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: passwordResetQueue(options.queueSuffix),
    eventTypes: ['user.password_reset_requested'],
    handle: (event) => sendPasswordResetEmail(deps, event),
  };
}
