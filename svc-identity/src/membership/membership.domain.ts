import { MEMBERSHIP_PERIOD_MONTHS, type Membership, type PaymentRefundedV1, type PaymentSucceededV1 } from '@altmed/contracts';
import { createEvent, withEvents, type EventInbox, type Logger } from '@altmed/service-kit';
import { memberChangedEvent } from '../members/member-changed.event';
import { reminderKeyOf } from './reminders';
import type { UserDocument, UserModel } from '../users/user.model';

const SOURCE = 'svc-identity';

export interface MembershipDeps {
  users: UserModel;
  inbox: EventInbox;
  logger: Logger;
  onEventsWritten: () => void;
}

export function membershipOf(user: Pick<UserDocument, 'membershipEndsAt'>, now = new Date()): Membership {
  if (!user.membershipEndsAt) return { status: 'none', endsAt: null };
  return { status: user.membershipEndsAt > now ? 'active' : 'expired', endsAt: user.membershipEndsAt.toISOString() };
}

export function addMembershipPeriod(start: Date, periods = 1): Date {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + periods * MEMBERSHIP_PERIOD_MONTHS);
  return end;
}

/**
 * A year from the payment, or from the current end while the membership is still active. The new
 * end, the payment's id and the membership.activated event are one write, conditional on the end
 * it was computed from: finding it moved (another payment of the same user at the same moment), it
 * fails and the broker retries the event later.
 */
export async function applyPayment(deps: MembershipDeps, payment: PaymentSucceededV1): Promise<'applied' | 'already-applied' | 'unknown-user'> {
  const user = await deps.users
    .findById(payment.userId)
    .select({ name: 1, email: 1, status: 1, membershipEndsAt: 1, membershipPayments: 1, membershipRefunds: 1 })
    .lean<Pick<UserDocument, '_id' | 'name' | 'email' | 'status' | 'membershipEndsAt' | 'membershipPayments' | 'membershipRefunds'>>();
  if (!user || user.status === 'deleted') {
    deps.logger.warn({ userId: payment.userId, paymentId: payment.paymentId }, 'payment for an unknown user: no membership to activate');
    return 'unknown-user';
  }
  // A payment refunded before its success was applied buys nothing.
  if (user.membershipPayments?.includes(payment.paymentId) || user.membershipRefunds?.includes(payment.paymentId)) return 'already-applied';

  const paidAt = new Date(payment.paidAt);
  const current = user.membershipEndsAt;
  const extended = current !== undefined && current > paidAt;
  const periodStart = extended ? current : paidAt;
  const periodEnd = addMembershipPeriod(periodStart);
  const event = createEvent(
    'membership.activated',
    { ...payment, email: user.email, name: user.name, periodStart: periodStart.toISOString(), periodEnd: periodEnd.toISOString(), extended },
    SOURCE,
  );
  const result = await deps.users.updateOne(
    {
      _id: user._id,
      membershipPayments: { $ne: payment.paymentId },
      membershipEndsAt: current ? current : { $exists: false },
    },
    withEvents<UserDocument>(
      {
        $set: { membershipEndsAt: periodEnd },
        $push: { membershipPayments: payment.paymentId, membershipPeriods: { paymentId: payment.paymentId, start: periodStart, end: periodEnd } },
      },
      [event],
    ),
  );
  if (result.modifiedCount === 1) {
    deps.onEventsWritten();
    return 'applied';
  }
  const now = await deps.users.exists({ _id: user._id, membershipPayments: payment.paymentId });
  if (now) return 'already-applied';
  throw new Error(`Membership of ${user._id} changed while payment ${payment.paymentId} was applied; retry`);
}

/**
 * What a refunded payment bought and has not been used is taken back: the membership ends that much
 * earlier. A member who paid once has no membership left from the refund; one who paid twice keeps
 * the other year; a payment whose period has run out takes nothing back. Like a payment, the new
 * end, the refund's id and member.changed are one write, conditional on the end it was computed from.
 */
export async function endRefundedMembership(deps: MembershipDeps, refund: PaymentRefundedV1): Promise<'ended' | 'already-ended' | 'unknown-user'> {
  const user = await deps.users
    .findById(refund.userId)
    .select({ membershipEndsAt: 1, membershipPayments: 1, membershipPeriods: 1, membershipRefunds: 1 })
    .lean<Pick<UserDocument, '_id' | 'membershipEndsAt' | 'membershipPayments' | 'membershipPeriods' | 'membershipRefunds'>>();
  if (!user) {
    deps.logger.warn({ userId: refund.userId, paymentId: refund.paymentId }, 'refund for an unknown user: no membership to end');
    return 'unknown-user';
  }
  if (user.membershipRefunds?.includes(refund.paymentId)) return 'already-ended';

  const current = user.membershipEndsAt;
  const refundedAt = new Date(refund.refundedAt).getTime();
  // Not applied yet: recording the refund keeps the payment from ever being applied.
  const applied = current !== undefined && user.membershipPayments?.includes(refund.paymentId);
  // Payments applied before periods were kept: their year is taken as the last one.
  const period =
    user.membershipPeriods?.find((each) => each.paymentId === refund.paymentId) ?? (current && { start: addMembershipPeriod(current, -1), end: current });
  const unused = applied && period ? Math.max(0, period.end.getTime() - Math.max(period.start.getTime(), refundedAt)) : 0;
  // Never earlier than the refund itself: time already used stays used.
  const end = current && unused > 0 ? new Date(Math.max(current.getTime() - unused, Math.min(current.getTime(), refundedAt))) : current;
  const result = await deps.users.updateOne(
    { _id: user._id, membershipRefunds: { $ne: refund.paymentId }, membershipEndsAt: current ? current : { $exists: false } },
    // A membership ended by its refund gets no "has ended" reminder: the refund email said so.
    withEvents<UserDocument>(
      {
        ...(end ? { $set: { membershipEndsAt: end } } : {}),
        $push: { membershipRefunds: refund.paymentId, ...(end && end.getTime() <= refundedAt ? { membershipReminders: reminderKeyOf('ended', end) } : {}) },
      },
      [memberChangedEvent([user._id])],
    ),
  );
  if (result.modifiedCount === 1) {
    deps.onEventsWritten();
    return 'ended';
  }
  if (await deps.users.exists({ _id: user._id, membershipRefunds: refund.paymentId })) return 'already-ended';
  throw new Error(`Membership of ${user._id} changed while refund ${refund.paymentId} was applied; retry`);
}
