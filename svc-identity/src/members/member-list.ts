import {
  ADMIN_MEMBERS_MAX_PAGE,
  ADMIN_MEMBERS_PAGE_SIZE,
  WEEKS_CHARTED,
  chartedWeeks,
  type AdminMembersQuery,
  type AdminMemberSummary,
  type MemberFiguresResponse,
  type MembershipState,
} from '@altmed/contracts';
import { MAP_ENTRY_BYTES, NewestFirstList, objectBytes, stringBytes, type ReadModelFigures } from '@altmed/service-kit';
import type { UserDocument } from '../users/user.model';

/** What the list holds of a member: what its rows show, searches and sorts by. */
export type ListedRecord = Pick<UserDocument, '_id' | 'name' | 'email' | 'status' | 'role' | 'membershipEndsAt' | 'createdAt'>;
export const LISTED_FIELDS = { _id: 1, name: 1, email: 1, status: 1, role: 1, membershipEndsAt: 1, createdAt: 1 } as const;

const WEEK_MS = 7 * 24 * 3600_000;

/** A listed member's object (its two times in boxes), its map entry and its place in the ordered list. */
const LISTED_MEMBER_BYTES = objectBytes(7, 2) + MAP_ENTRY_BYTES + 8;

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

/** Members only, and not the tombstones of deleted accounts. */
const isListed = (record: ListedRecord) => record.role === 'user' && record.status !== 'deleted';

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
  private readonly entries: NewestFirstList<ListedMember>;

  private constructor(entries = new NewestFirstList<ListedMember>()) {
    this.entries = entries;
  }

  /** The list of these records, as they come (from a cursor: only the compact entries are kept). */
  static async of(records: Iterable<ListedRecord> | AsyncIterable<ListedRecord>): Promise<MemberList> {
    const entries: ListedMember[] = [];
    for await (const record of records) if (isListed(record)) entries.push(listed(record));
    return new MemberList(NewestFirstList.of(entries));
  }

  static empty(): MemberList {
    return new MemberList();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Its members and their memory, roughly: each one's object, strings and places in the list. */
  memoryFigures(): ReadModelFigures {
    let bytes = 0;
    for (const member of this.entries.values())
      bytes += LISTED_MEMBER_BYTES + stringBytes(member.id) + stringBytes(member.name) + stringBytes(member.email) + stringBytes(member.searched);
    return { entries: this.entries.size, approximateBytes: bytes };
  }

  /** The page asked for; every word of the search must be in the name or the email, in any case. */
  find(query: AdminMembersQuery, now = Date.now()): MemberListResult {
    const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const skip = ((query.page ?? 1) - 1) * ADMIN_MEMBERS_PAGE_SIZE;
    const counts = { all: 0, none: 0, active: 0, expired: 0 };
    const members: AdminMemberSummary[] = [];
    let total = 0;
    for (const member of this.entries.values()) {
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

  /** Active members, sign-ups of the last 7 days and of each charted week: one pass (a few ms at 100,000 members). */
  figures(now = Date.now()): MemberFiguresResponse {
    const weeks = chartedWeeks(now, WEEKS_CHARTED);
    const firstWeek = Date.parse(weeks[0]!);
    // UTC weeks are 7 × 24 hours each: a week's index is arithmetic (a date object per member costs ~1 µs, 100 ms at 100,000).
    const signUps = new Array<number>(weeks.length).fill(0);
    const weekAgo = now - WEEK_MS;
    let activeMembers = 0;
    let newMembersThisWeek = 0;
    for (const member of this.entries.values()) {
      if (member.membershipEndsAt > now) activeMembers += 1;
      if (member.createdAt >= firstWeek && member.createdAt <= now) signUps[Math.floor((member.createdAt - firstWeek) / WEEK_MS)]! += 1;
      if (member.createdAt > weekAgo && member.createdAt <= now) newMembersThisWeek += 1;
    }
    return { activeMembers, newMembersThisWeek, weeks: weeks.map((weekStart, index) => ({ weekStart, signUps: signUps[index]! })) };
  }

  /** Members not blocked whose membership ends between `from` and `to` (ms): who a membership reminder may be due to. */
  endingBetween(from: number, to: number): { id: string; name: string; email: string; membershipEndsAt: number }[] {
    return this.entries
      .values()
      .filter((member) => !member.blocked && member.membershipEndsAt >= from && member.membershipEndsAt <= to)
      .map(({ id, name, email, membershipEndsAt }) => ({ id, name, email, membershipEndsAt }));
  }

  /** Puts the record in its place; an account that is no member's (or no longer one's) leaves the list. */
  upsert(record: ListedRecord): void {
    if (isListed(record)) this.entries.upsert(listed(record));
    else this.entries.remove(record._id);
  }

  remove(id: string): void {
    this.entries.remove(id);
  }
}

export const totalPagesOf = (total: number) => Math.min(ADMIN_MEMBERS_MAX_PAGE, Math.max(1, Math.ceil(total / ADMIN_MEMBERS_PAGE_SIZE)));
