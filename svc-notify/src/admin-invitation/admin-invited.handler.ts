import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer, EventInbox } from '@altmed/service-kit';
import type { Mailer } from '../mail/mailer';
import { adminInvitationEmail } from './admin-invitation-email';

export interface AdminInvitationDeps {
  inbox: EventInbox;
  mailer: Mailer;
  siteUrl: string;
  /** A link past its expiry is not worth sending (a retried event may arrive late). */
  now?: () => Date;
}

/** Emails the invitation link once per sending (one admin.invited each), unless it has expired meanwhile. */
export async function sendAdminInvitationEmail(deps: AdminInvitationDeps, raw: EventEnvelope): Promise<void> {
  const event = parseEvent('admin.invited', raw);
  if (Date.parse(event.data.expiresAt) <= (deps.now?.() ?? new Date()).getTime()) return;
  await deps.inbox.runOnce('admin-invitation-email', event.id, () => deps.mailer.send(adminInvitationEmail(event.data, deps.siteUrl)));
}

export const adminInvitationQueue = (queueSuffix: string) => `notify.admin-invited${queueSuffix}`;

export function adminInvitationConsumer(deps: AdminInvitationDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: adminInvitationQueue(options.queueSuffix),
    eventTypes: ['admin.invited'],
    handle: (event) => sendAdminInvitationEmail(deps, event),
  };
}
