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

describe('MemberList against a plain filter and sort of its records', () => {
  /** A small deterministic generator (mulberry32): the same random data on every run. */
  function randomFrom(seed: number) {
    let state = seed;
    return (below: number) => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
    };
  }
  const names = ['Ada Reyes', 'Ben Okafor', 'ada Park', 'Zoë Ito', 'Cleo Reyes-Park'];
  const roles = ['user', 'user', 'user', 'admin', 'provider'] as const;
  const statuses = ['active', 'active', 'blocked', 'deleted'] as const;

  function randomRecord(random: (below: number) => number, n: number): ListedRecord {
    const ends = random(3);
    return {
      _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      name: names[random(names.length)]!,
      email: `m${random(40)}@${random(2) ? 'example.com' : 'mail.org'}`,
      status: statuses[random(statuses.length)]!,
      role: roles[random(roles.length)]!,
      // Ties in the sign-up time, and memberships ending before, at and after now.
      createdAt: new Date(NOW - random(120) * DAY + (random(2) ? 0 : 1)),
      ...(ends === 0 ? {} : { membershipEndsAt: new Date(NOW + (ends === 1 ? -1 : 1) * random(3) * DAY) }),
    };
  }

  /** What the list must answer: its members filtered and sorted as the admin page reads them, with no index. */
  function reference(records: Map<string, ListedRecord>, query: { search?: string; membership?: 'none' | 'active' | 'expired'; page?: number }, now: number) {
    const stateOf = (record: ListedRecord) => {
      const ends = record.membershipEndsAt?.getTime();
      return ends === undefined ? 'none' : ends > now ? 'active' : 'expired';
    };
    const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matched = [...records.values()]
      .filter((record) => record.role === 'user' && record.status !== 'deleted')
      .filter((record) => words.every((word) => `${record.name}\n${record.email}`.toLowerCase().includes(word)))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? -1 : 1));
    const counts = { all: matched.length, none: 0, active: 0, expired: 0 };
    for (const record of matched) counts[stateOf(record)] += 1;
    const inState = matched.filter((record) => !query.membership || stateOf(record) === query.membership);
    const skip = ((query.page ?? 1) - 1) * ADMIN_MEMBERS_PAGE_SIZE;
    return { ids: inState.slice(skip, skip + ADMIN_MEMBERS_PAGE_SIZE).map((record) => record._id), counts, total: inState.length };
  }

  function referenceFigures(records: Map<string, ListedRecord>, now: number) {
    const members = [...records.values()].filter((record) => record.role === 'user' && record.status !== 'deleted');
    const weekOf = (time: number) => {
      const day = new Date(time);
      day.setUTCHours(0, 0, 0, 0);
      day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
      return day.toISOString().slice(0, 10);
    };
    const signUps = new Map<string, number>();
    for (const record of members)
      if (record.createdAt.getTime() <= now) signUps.set(weekOf(record.createdAt.getTime()), (signUps.get(weekOf(record.createdAt.getTime())) ?? 0) + 1);
    return {
      activeMembers: members.filter((record) => (record.membershipEndsAt?.getTime() ?? -Infinity) > now).length,
      newMembersThisWeek: members.filter((record) => record.createdAt.getTime() > now - 7 * DAY && record.createdAt.getTime() <= now).length,
      signUps,
    };
  }

  it('finds, counts and pages as the reference does, and gives the same figures, after random sign-ups, changes and removals', async () => {
    const random = randomFrom(2026);
    const records = new Map<string, ListedRecord>();
    for (let n = 0; n < 400; n += 1) {
      const generated = randomRecord(random, n);
      records.set(generated._id, generated);
    }
    const list = await MemberList.of(records.values());
    const queries = [
      {},
      { page: 3 },
      { membership: 'active' as const },
      { membership: 'expired' as const, page: 2 },
      { membership: 'none' as const, page: 2 },
      { search: 'reyes' },
      { search: 'ADA example', membership: 'active' as const },
      { search: 'm1' },
      { search: 'm1@mail.org' },
      { search: 'park reyes' },
      { search: 'zoë' },
      { search: 'nobody' },
      { search: 'o', page: 2 },
      { search: 'a\u0000b' },
    ];
    for (let round = 0; round < 8; round += 1) {
      for (let change = 0; change < 60; change += 1) {
        const n = random(500);
        const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
        if (random(5) === 0) {
          records.delete(id);
          list.remove(id);
        } else {
          const changed = randomRecord(random, n);
          records.set(id, changed);
          list.upsert(changed);
        }
      }
      const now = NOW + (random(3) - 1) * DAY;
      for (const query of queries) {
        const answer = list.find(query, now);
        const expected = reference(records, query, now);
        expect({ ids: answer.members.map((member) => member.id), counts: answer.counts, total: answer.total }).toEqual(expected);
      }
      const figures = list.figures(now);
      const expected = referenceFigures(records, now);
      expect(figures.activeMembers).toBe(expected.activeMembers);
      expect(figures.newMembersThisWeek).toBe(expected.newMembersThisWeek);
      expect(figures.weeks.map((week) => week.signUps)).toEqual(figures.weeks.map((week) => expected.signUps.get(week.weekStart) ?? 0));
    }
  });
});
