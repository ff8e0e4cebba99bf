import { ADMIN_MEMBERS_MAX_PAGE, ADMIN_MEMBERS_PAGE_SIZE, type AdminMembersQuery, type AdminMemberSummary, type MembershipState } from '@altmed/contracts';
import type { UserDocument } from '../users/user.model';

/** What the list holds of a member: what its rows show, searches and sorts by. */
export type ListedRecord = Pick<UserDocument, '_id' | 'name' | 'email' | 'status' | 'role' | 'membershipEndsAt' | 'createdAt'>;
export const LISTED_FIELDS = { _id: 1, name: 1, email: 1, status: 1, role: 1, membershipEndsAt: 1, createdAt: 1 } as const;

interface ListedMember {
  id: string;
  name: string;
  email: string;
  /** Name and email lowercased, one string: what a search looks in. */
  searched: string;
  blocked: boolean;
  /** Milliseconds; NaN when the member never paid. */
  membershipEndsAt: number;
  createdAt: number;
}

export interface MemberListResult {
  members: AdminMemberSummary[];
  counts: Record<'all' | MembershipState, number>;
  total: number;
}

/** Newest sign-up first, then `_id`: the order of `{ createdAt: -1, _id: 1 }`. */
function newestFirst(a: ListedMember, b: ListedMember): number {
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function timeOf(value: unknown): number {
  return value instanceof Date ? value.getTime() : Number.NaN;
}

function listed(record: ListedRecord): ListedMember {
  return {
    id: record._id,
    name: record.name,
    email: record.email,
    searched: `${record.name}\n${record.email}`.toLowerCase(),
    blocked: record.status === 'blocked',
    membershipEndsAt: timeOf(record.membershipEndsAt),
    createdAt: timeOf(record.createdAt),
  };
}

function stateOf(member: ListedMember, now: number): MembershipState {
  if (Number.isNaN(member.membershipEndsAt)) return 'none';
  return member.membershipEndsAt > now ? 'active' : 'expired';
}

function summaryOf(member: ListedMember, state: MembershipState): AdminMemberSummary {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    status: member.blocked ? 'blocked' : 'active',
    membership: { status: state, endsAt: Number.isNaN(member.membershipEndsAt) ? null : new Date(member.membershipEndsAt).toISOString() },
    joinedAt: new Date(member.createdAt).toISOString(),
  };
}

/**
 * Every member (account of role `user`), newest sign-up first: the admin list's read model. A
 * search is one pass that matches, counts each membership state and keeps the page (a few ms at
 * 100,000 members); the rows come from here too, so a page reads nothing from the database.
 */
export class MemberList {
  private readonly byId = new Map<string, ListedMember>();
  private readonly ordered: ListedMember[] = [];

  static of(records: readonly ListedRecord[]): MemberList {
    const list = new MemberList();
    for (const record of records) if (record.role === 'user') list.byId.set(record._id, listed(record));
    list.ordered.push(...list.byId.values());
    list.ordered.sort(newestFirst);
    return list;
  }

  get size(): number {
    return this.byId.size;
  }

  /** The page asked for; every word of the search must be in the name or the email, in any case. */
  find(query: AdminMembersQuery, now = Date.now()): MemberListResult {
    const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const skip = ((query.page ?? 1) - 1) * ADMIN_MEMBERS_PAGE_SIZE;
    const counts = { all: 0, none: 0, active: 0, expired: 0 };
    const members: AdminMemberSummary[] = [];
    let total = 0;
    for (const member of this.ordered) {
      if (words.length > 0 && !words.every((word) => member.searched.includes(word))) continue;
      const state = stateOf(member, now);
      counts.all += 1;
      counts[state] += 1;
      if (query.membership && query.membership !== state) continue;
      if (total >= skip && members.length < ADMIN_MEMBERS_PAGE_SIZE) members.push(summaryOf(member, state));
      total += 1;
    }
    return { members, counts, total };
  }

  /** Puts the record in its place; an account that is no member's leaves the list. */
  upsert(record: ListedRecord): void {
    this.remove(record._id);
    if (record.role !== 'user') return;
    const member = listed(record);
    this.ordered.splice(this.positionOf(member), 0, member);
    this.byId.set(member.id, member);
  }

  remove(id: string): void {
    const member = this.byId.get(id);
    if (!member) return;
    const position = this.positionOf(member);
    this.ordered.splice(this.ordered[position] === member ? position : this.ordered.indexOf(member), 1);
    this.byId.delete(id);
  }

  /** The first position whose member does not come before `member`. */
  private positionOf(member: ListedMember): number {
    let low = 0;
    let high = this.ordered.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (newestFirst(this.ordered[middle]!, member) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

export const totalPagesOf = (total: number) => Math.min(ADMIN_MEMBERS_MAX_PAGE, Math.max(1, Math.ceil(total / ADMIN_MEMBERS_PAGE_SIZE)));
