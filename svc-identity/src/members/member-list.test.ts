import { ADMIN_MEMBERS_PAGE_SIZE } from '@altmed/contracts';
import { MemberList, type ListedRecord } from './member-list';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const DAY = 24 * 3600 * 1000;

function record(n: number, overrides: Partial<ListedRecord> = {}): ListedRecord {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Member ${n}`,
    email: `member${n}@example.com`,
    status: 'active',
    role: 'user',
    createdAt: new Date(NOW - n * DAY),
    ...overrides,
  };
}

const idsOf = (list: MemberList, query = {}) => list.find(query, NOW).members.map((member) => member.id);

describe('MemberList', () => {
  it('lists members only, newest sign-up first, with each row as the admin page shows it', async () => {
    const list = await MemberList.of([
      record(3),
      record(1, { membershipEndsAt: new Date(NOW + DAY), status: 'blocked' }),
      record(2, { role: 'admin' }),
      record(4, { role: 'provider' }),
    ]);
    const result = list.find({}, NOW);
    expect(result.members).toEqual([
      {
        id: record(1)._id,
        name: 'Member 1',
        email: 'member1@example.com',
        status: 'blocked',
        membership: { status: 'active', endsAt: new Date(NOW + DAY).toISOString() },
        joinedAt: new Date(NOW - DAY).toISOString(),
      },
      expect.objectContaining({ id: record(3)._id, status: 'active', membership: { status: 'none', endsAt: null } }),
    ]);
    expect(result.total).toBe(2);
  });

  it('finds every word of the search in the name or the email, in any case, and counts each membership state of the matches', async () => {
    const list = await MemberList.of([
      record(1, { name: 'Ada Reyes', email: 'ada@example.com', membershipEndsAt: new Date(NOW + DAY) }),
      record(2, { name: 'Ben Reyes', email: 'ben@clinic.org', membershipEndsAt: new Date(NOW - DAY) }),
      record(3, { name: 'Cleo Park', email: 'cleo.reyes@example.com' }),
      record(4, { name: 'Dev Okafor', email: 'dev@example.com' }),
    ]);
    expect(list.find({ search: 'REYES' }, NOW)).toMatchObject({ total: 3, counts: { all: 3, active: 1, expired: 1, none: 1 } });
    expect(idsOf(list, { search: 'reyes example' })).toEqual([record(1)._id, record(3)._id]);
    expect(idsOf(list, { search: 'clinic.org' })).toEqual([record(2)._id]);
    expect(idsOf(list, { search: 'reyes', membership: 'expired' })).toEqual([record(2)._id]);
    expect(list.find({ search: 'reyes', membership: 'active' }, NOW)).toMatchObject({ total: 1, counts: { all: 3 } });
    expect(idsOf(list, { search: 'nobody' })).toEqual([]);
  });

  it('answers a page at a time, with the total over every page', async () => {
    const list = await MemberList.of(Array.from({ length: 45 }, (_, n) => record(n)));
    expect(idsOf(list, { page: 1 })).toHaveLength(ADMIN_MEMBERS_PAGE_SIZE);
    expect(idsOf(list, { page: 3 })).toEqual([40, 41, 42, 43, 44].map((n) => record(n)._id));
    expect(idsOf(list, { page: 4 })).toEqual([]);
    expect(list.find({ page: 3 }, NOW).total).toBe(45);
  });

  it('keeps its order as records change, arrive and leave', async () => {
    const list = await MemberList.of([record(1), record(3), record(5)]);
    list.upsert(record(2));
    list.upsert(record(3, { name: 'Renamed', status: 'blocked' }));
    list.upsert(record(0));
    expect(idsOf(list)).toEqual([0, 1, 2, 3, 5].map((n) => record(n)._id));
    expect(list.find({ search: 'renamed' }, NOW).members).toEqual([expect.objectContaining({ status: 'blocked' })]);

    list.remove(record(1)._id);
    list.upsert(record(5, { role: 'admin' }));
    list.remove('unknown');
    expect(idsOf(list)).toEqual([0, 2, 3].map((n) => record(n)._id));
    expect(list.size).toBe(3);
  });

  it('tells a membership that ended from one that never began', async () => {
    const list = await MemberList.of([record(1, { membershipEndsAt: new Date(NOW) }), record(2)]);
    expect(list.find({}, NOW).counts).toEqual({ all: 2, none: 1, active: 0, expired: 1 });
  });
});

describe('MemberList figures', () => {
  it('counts active members, sign-ups of the last 7 days and of each of the 12 weeks, Monday to Sunday', async () => {
    // NOW is Monday 2026-06-01: day 0 is this week, days 1-7 last week, day 84 before the charted weeks.
    const list = await MemberList.of([
      record(0, { membershipEndsAt: new Date(NOW + DAY) }),
      record(1, { membershipEndsAt: new Date(NOW - DAY) }),
      record(3),
      record(7, { membershipEndsAt: new Date(NOW + 300 * DAY) }),
      record(8),
      record(84, { membershipEndsAt: new Date(NOW + DAY) }),
      record(2, { role: 'admin' }),
    ]);
    const figures = list.figures(NOW);
    expect(figures.activeMembers).toBe(3);
    expect(figures.newMembersThisWeek).toBe(3);
    expect(figures.weeks).toHaveLength(12);
    expect(figures.weeks[0]!.weekStart).toBe('2026-03-16');
    expect(figures.weeks.slice(-3)).toEqual([
      { weekStart: '2026-05-18', signUps: 1 },
      { weekStart: '2026-05-25', signUps: 3 },
      { weekStart: '2026-06-01', signUps: 1 },
    ]);
    expect(figures.weeks.reduce((sum, week) => sum + week.signUps, 0)).toBe(5);
  });
});
