import { createEvent, scheduleJob, withEvents, type Logger, type ServiceMetrics } from '@altmed/service-kit';
import type { MembershipReminderKind } from '@altmed/contracts';
import type { KeptMemberList } from '../members/kept-member-list';
import type { UserDocument, UserModel } from '../users/user.model';

const DAY_MS = 24 * 3600_000;
/** After this long past its end, a membership gets no "has ended" email any more (a member long gone, or the feature just shipped). */
const ENDED_REMINDER_WINDOW_MS = 7 * DAY_MS;

export interface RemindersDeps {
  users: UserModel;
  memberList: KeptMemberList;
  logger: Logger;
  metrics: ServiceMetrics;
  onEventsWritten: () => void;
}

export const REMINDERS_JOB = 'membership-reminders';

/** Which reminder a membership ending at `endsAt` is due at `now`: 30 days before, 7 days before, or once it has ended. */
export function reminderDue(endsAt: number, now: number): MembershipReminderKind | undefined {
  if (endsAt <= now) return endsAt > now - ENDED_REMINDER_WINDOW_MS ? 'ended' : undefined;
  if (endsAt - now <= 7 * DAY_MS) return '7-days';
  if (endsAt - now <= 30 * DAY_MS) return '30-days';
  return undefined;
}

/** The key of one reminder of one membership end, kept on the account: a renewal's new end has keys of its own. */
export const reminderKeyOf = (kind: MembershipReminderKind, endsAt: Date) => `${kind}:${endsAt.toISOString()}`;

/**
 * Finds the members a reminder is due to (in the member list: one pass, no scan of the database)
 * and records each reminder with its membership.reminder_due in one conditional write: of any
 * number of instances sweeping at once, one write matches, so each email goes out once. A member
 * who renewed or was blocked meanwhile no longer matches.
 */
export async function sendDueReminders(deps: RemindersDeps, now = Date.now()): Promise<number> {
  let sent = 0;
  for (const member of deps.memberList.endingBetween(now - ENDED_REMINDER_WINDOW_MS, now + 30 * DAY_MS)) {
    const kind = reminderDue(member.membershipEndsAt, now);
    if (!kind) continue;
    const endsAt = new Date(member.membershipEndsAt);
    const key = reminderKeyOf(kind, endsAt);
    const event = createEvent(
      'membership.reminder_due',
      { reminderId: `${member.id}:${key}`, userId: member.id, email: member.email, name: member.name, kind, endsAt: endsAt.toISOString() },
      'svc-identity',
    );
    const recorded = await deps.users.updateOne(
      { _id: member.id, status: 'active', membershipEndsAt: endsAt, membershipReminders: { $ne: key } },
      withEvents<UserDocument>({ $push: { membershipReminders: key } }, [event]),
    );
    sent += recorded.modifiedCount;
  }
  if (sent > 0) deps.onEventsWritten();
  return sent;
}

/** Sweeps every `intervalMs` once the member list is read; answers the stop. */
export function sweepRemindersEvery(deps: RemindersDeps, intervalMs: number): () => void {
  return scheduleJob({
    name: REMINDERS_JOB,
    intervalMs,
    metrics: deps.metrics,
    logger: deps.logger,
    run: async () => {
      // A list not read yet (its read is retried apart) is a sweep that could not run.
      if (!(await deps.memberList.kept.isRead(0))) throw new Error('the member list is not read yet');
      const sent = await sendDueReminders(deps);
      if (sent > 0) deps.logger.info({ reminders: sent }, 'membership reminders recorded');
    },
  });
}
