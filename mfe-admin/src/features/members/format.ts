import type { MemberAccountStatus, MemberAdminAction, Membership, MembershipState, ReviewState } from '@altmed/contracts/web';
import { formatDate } from '@altmed/web-kit';
import type { StateTone } from '../../components/ModerationCard';

/** How the pages name a member's membership state, in the filter and on each row. */
export const membershipLabels: Record<MembershipState, string> = { none: 'No membership', active: 'Active', expired: 'Expired' };

export const accountStatusLabels: Record<MemberAccountStatus, string> = { active: 'Active', blocked: 'Blocked' };
export const accountStatusTones: Record<MemberAccountStatus, StateTone> = { active: 'accepted', blocked: 'refused' };

export const auditLabels: Record<MemberAdminAction, string> = { block: 'Blocked', unblock: 'Unblocked' };

export const reviewStateLabels: Record<ReviewState, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
export const reviewStateTones: Record<ReviewState, StateTone> = { pending: 'waiting', approved: 'accepted', rejected: 'refused' };

/** The date a membership ends or ended ("Ends June 5, 2026"), or null without one. */
export function membershipDates(membership: Membership): string | null {
  const date = membership.endsAt ? formatDate(membership.endsAt) : null;
  if (!date || membership.status === 'none') return null;
  return membership.status === 'active' ? `Ends ${date}` : `Ended ${date}`;
}
