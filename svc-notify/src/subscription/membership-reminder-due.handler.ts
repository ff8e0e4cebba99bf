import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer } from '@altmed/service-kit';
import { isForgotten } from './forgotten-member.model';
import { membershipReminderEmail } from './membership-reminder-email';
import type { SubscriptionDeps } from './subscription.domain';

/** A membership reminder (30 days, 7 days, ended): one email per reminder, however often it arrives. */
export async function sendMembershipReminder(deps: SubscriptionDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('membership.reminder_due', raw);
  // Sent before the deletion reached svc-identity's outbox: nothing more goes to a member who deleted their account.
  if (await isForgotten(deps.forgottenMembers, data.userId)) return;
  // Keyed on the reminder (its member, kind and end), not the event: a member gets each reminder once, whatever event announces it.
  await deps.inbox.runOnce('membership-reminder', data.reminderId, () => deps.mailer.send(membershipReminderEmail(data, deps.siteUrl)));
}

export const membershipReminderQueue = (queueSuffix: string) => `notify.membership-reminder-due${queueSuffix}`;

export function membershipReminderConsumer(deps: SubscriptionDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: membershipReminderQueue(options.queueSuffix),
    eventTypes: ['membership.reminder_due'],
    handle: (event) => sendMembershipReminder(deps, event),
  };
}
