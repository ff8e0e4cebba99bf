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
import { MAP_ENTRY_BYTES, NewestFirstList, SearchedText, objectBytes, stringBytes, type ReadModelFigures } from '@altmed/service-kit';
import type { UserDocument } from '../users/user.model';
import { SortedTimes } from './sorted-times';

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
 * Every member (account of role `user`), newest sign-up first: the admin list's read model; the rows
 * come from here too, so a page reads nothing from the database. Kept beside the entries so that no
 * call walks all of them: the membership ends in order (the counts per state and the active members
 * are binary searches), the searched texts joined (a search meets only the members holding its
 * longest word); sign-ups per period are binary searches of the list's order, and a page without a
 * search a slice, or a walk that stops once the page is full.
 */
export class MemberList {
  private readonly entries: NewestFirstList<ListedMember>;
  /** Every membership's end (ms), ascending; members who never paid have none. */
  private readonly endings: SortedTimes;
  private readonly text: SearchedText<ListedMember>;

  private constructor(entries = new NewestFirstList<ListedMember>()) {
    this.entries = entries;
    this.endings = SortedTimes.of(entries.values().flatMap((member) => (Number.isNaN(member.membershipEndsAt) ? [] : [member.membershipEndsAt])));
    this.text = new SearchedText(entries, (member) => member.searched);
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

  /** Its members and their memory, roughly: each one's object, strings and places in the list, the membership ends and the joined search text. */
  memoryFigures(): ReadModelFigures {
    let bytes = this.endings.byteLength + this.text.approximateBytes;
    for (const member of this.entries.values())
      bytes += LISTED_MEMBER_BYTES + stringBytes(member.id) + stringBytes(member.name) + stringBytes(member.email) + stringBytes(member.searched);
    return { entries: this.entries.size, approximateBytes: bytes };
  }

  /** The page asked for; every word of the search must be in the name or the email, in any case. */
  find(query: AdminMembersQuery, now = Date.now()): MemberListResult {
    const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const skip = ((query.page ?? 1) - 1) * ADMIN_MEMBERS_PAGE_SIZE;
    if (words.length === 0) return this.unsearched(query.membership, skip, now);
    const counts = { all: 0, none: 0, active: 0, expired: 0 };
    const members: AdminMemberSummary[] = [];
    let total = 0;
    this.text.forEachMatch(words, (member) => {
      const state = stateOf(member, now);
      counts.all += 1;
      counts[state] += 1;
      if (query.membership && query.membership !== state) return;
      if (total >= skip && members.length < ADMIN_MEMBERS_PAGE_SIZE) members.push(summaryOf(member, state));
      total += 1;
    });
    return { members, counts, total };
  }

  /** Active members, sign-ups of the last 7 days and of each charted week: binary searches. */
  figures(now = Date.now()): MemberFiguresResponse {
    const weeks = chartedWeeks(now, WEEKS_CHARTED);
    // Sign-ups from each week's Monday on; the current week's end at now (a sign-up "in the future", by another instance's clock, is in no week yet).
    const fromWeek = weeks.map((weekStart) => this.entries.countCreatedAfter(Date.parse(weekStart), true));
    const afterNow = this.entries.countCreatedAfter(now);
    return {
      activeMembers: this.endings.countAfter(now),
      newMembersThisWeek: this.entries.countCreatedAfter(now - WEEK_MS) - afterNow,
      weeks: weeks.map((weekStart, index) => ({ weekStart, signUps: fromWeek[index]! - (fromWeek[index + 1] ?? afterNow) })),
    };
  }

  /** A page without a search: the counts from the membership ends, the page a slice of the list or, in one state, a walk until it is full. */
  private unsearched(membership: MembershipState | undefined, skip: number, now: number): MemberListResult {
    const withMembership = this.endings.size;
    const active = this.endings.countAfter(now);
    const counts = { all: this.entries.size, none: this.entries.size - withMembership, active, expired: withMembership - active };
    const entries = this.entries.values();
    const members: AdminMemberSummary[] = [];
    if (!membership) {
      for (const member of entries.slice(skip, skip + ADMIN_MEMBERS_PAGE_SIZE)) members.push(summaryOf(member, stateOf(member, now)));
      return { members, counts, total: counts.all };
    }
    let before = 0;
    for (const member of entries) {
      if (stateOf(member, now) !== membership) continue;
      if (before < skip) before += 1;
      else if (members.push(summaryOf(member, membership)) === ADMIN_MEMBERS_PAGE_SIZE) break;
    }
    return { members, counts, total: counts[membership] };
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
    this.remove(record._id);
    if (!isListed(record)) return;
    const member = listed(record);
    this.entries.upsert(member);
    if (!Number.isNaN(member.membershipEndsAt)) this.endings.add(member.membershipEndsAt);
  }

  remove(id: string): void {
    const member = this.entries.get(id);
    if (!member) return;
    if (!Number.isNaN(member.membershipEndsAt)) this.endings.delete(member.membershipEndsAt);
    this.entries.remove(id);
  }
}

export const totalPagesOf = (total: number) => Math.min(ADMIN_MEMBERS_MAX_PAGE, Math.max(1, Math.ceil(total / ADMIN_MEMBERS_PAGE_SIZE)));
