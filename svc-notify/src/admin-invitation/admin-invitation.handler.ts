import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer } from '@altmed/service-kit';
import type { PasswordResetDeps } from '../password-reset/password-reset.handler';
import { adminInvitationEmail } from './admin-invitation-email';

/** Emails the invitation link once per sending (admin.invited), unless it has expired meanwhile. */
export async function sendAdminInvitationEmail(deps: PasswordResetDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('admin.invited', raw);
  if (Date.parse(data.expiresAt) <= (deps.now?.() ?? new Date()).getTime()) return;
  await deps.inbox.runOnce('admin-invitation-email', data.sendId, () => deps.mailer.send(adminInvitationEmail(data, deps.siteUrl)));
}

export const adminInvitationQueue = (queueSuffix: string) => `notify.admin-invited${queueSuffix}`;

export function adminInvitationConsumer(deps: PasswordResetDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: adminInvitationQueue(options.queueSuffix),
    eventTypes: ['admin.invited'],
    handle: (event) => sendAdminInvitationEmail(deps, event),
  };
}
