import { ADMIN_ORDERS_PAGE_SIZE, ORDER_STATUSES, weekKeyOf, type AdminOrdersQuery } from '@altmed/contracts';
import type { AdminPaymentRecord } from '../payments/payment-answers';
import { PaymentList } from './payment-list';

// Wednesday 2026-06-03: this week began Monday 2026-06-01; this month on the 1st, last month on May 1st.
const NOW = Date.parse('2026-06-03T12:00:00Z');
const DAY = 24 * 3600_000;

let next = 0;
function payment(daysAgo: number, overrides: Partial<AdminPaymentRecord> = {}): AdminPaymentRecord {
  next += 1;
  const createdAt = new Date(NOW - daysAgo * DAY);
  return {
    _id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    userId: 'member',
    member: { name: `Member ${next}`, email: `member${next}@example.com` },
    amount: 11988,
    currency: 'usd',
    promoCode: null,
    status: 'succeeded',
    createdAt,
    paidAt: createdAt,
    ...overrides,
  };
}

describe('PaymentList', () => {
  it('lists attempts newest first, not those still being written, and finds by member or code with counts per status', async () => {
    const list = await PaymentList.of([
      payment(3),
      payment(1, { status: 'open', paidAt: undefined, promoCode: 'SPRING' }),
      payment(2, { status: 'creating', paidAt: undefined }),
      payment(0, { status: 'refunded', member: { name: 'Ada Reyes', email: 'ada@example.com' } }),
    ]);
    expect(list.find({}).payments.map((row) => row.status)).toEqual(['refunded', 'open', 'succeeded']);
    expect(list.find({ search: 'spring' }).payments).toHaveLength(1);
    const ada = list.find({ search: 'ADA example' });
    expect(ada.payments.map((row) => row.member)).toEqual([{ name: 'Ada Reyes', email: 'ada@example.com' }]);
    const { counts, payments } = list.find({ status: 'succeeded' });
    expect(counts).toEqual({ all: 3, open: 1, requires_action: 0, processing: 0, failed: 0, succeeded: 1, canceled: 0, refunded: 1 });
    expect(payments.map((row) => row.status)).toEqual(['succeeded']);
  });

  it('counts payments started, paid, refunded and their amounts per week, per promo code and per month, net of refunds', async () => {
    const list = await PaymentList.of([
      payment(0),
      payment(1, { amount: 5994, promoCode: 'HALF' }),
      payment(2, { amount: 0, promoCode: 'FREE' }),
      payment(2, { status: 'refunded' }),
      payment(2, { status: 'failed', paidAt: undefined }),
      payment(4), // Saturday May 30: last week, last month
      payment(5, { status: 'refunded', amount: 5994, promoCode: 'HALF' }), // Friday May 29, refunded since
      payment(40), // April: before last month, but within the 12 weeks
      payment(100), // before the charted weeks
    ]);
    const figures = list.figures(NOW);
    expect(figures).toMatchObject({
      currency: 'usd',
      revenueThisMonth: 11988 + 5994,
      revenueLastMonth: 11988,
      refundedThisMonth: 11988,
      refundedLastMonth: 5994,
    });
    expect(figures.weeks).toHaveLength(12);
    expect(figures.weeks.at(-1)).toEqual({ weekStart: '2026-06-01', started: 5, paid: 3, refunded: 1, revenue: 11988 + 5994, refundedAmount: 11988 });
    expect(figures.weeks.at(-2)).toEqual({ weekStart: '2026-05-25', started: 2, paid: 1, refunded: 1, revenue: 11988, refundedAmount: 5994 });
    expect(figures.weeks.reduce((sum, week) => sum + week.paid, 0)).toBe(5);
    expect(figures.weeks.reduce((sum, week) => sum + week.refunded, 0)).toBe(2);
    expect(figures.byPromoCode).toEqual([
      { promoCode: null, paid: 3, refunded: 1, revenue: 3 * 11988 },
      { promoCode: 'HALF', paid: 1, refunded: 1, revenue: 5994 },
      { promoCode: 'FREE', paid: 1, refunded: 0, revenue: 0 },
    ]);
  });
});

describe('PaymentList against a plain filter and sort of its records', () => {
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
  const statuses = ['creating', 'open', 'requires_action', 'failed', 'succeeded', 'succeeded', 'succeeded', 'canceled', 'refunded', 'refunded'] as const;
  const codes = [null, null, 'HALF', 'SPRING', 'FREE'] as const;
  const names = ['Ada Reyes', 'Ben Okafor', 'ada Park', 'Zoë Ito'];

  function randomRecord(random: (below: number) => number, n: number): AdminPaymentRecord {
    const status = statuses[random(statuses.length)]!;
    // Ties in the creation time; paid within days of it, across weeks and months (the 1st of June is a Monday).
    const createdAt = new Date(NOW - random(100) * DAY + (random(2) ? 0 : 1));
    const paid = status === 'succeeded' || status === 'refunded';
    return {
      _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      userId: 'member',
      member: random(6) === 0 ? null : { name: names[random(names.length)]!, email: `m${random(30)}@example.com` },
      amount: [11988, 5994, 0][random(3)]!,
      currency: 'usd',
      promoCode: codes[random(codes.length)]!,
      status,
      createdAt,
      paidAt: paid ? new Date(createdAt.getTime() + random(4) * DAY) : undefined,
    } as AdminPaymentRecord;
  }

  /** What the list must answer: the listed payments filtered and sorted as Orders reads them, with no index. */
  function reference(records: Map<string, AdminPaymentRecord>, query: AdminOrdersQuery) {
    const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matched = [...records.values()]
      .filter((record) => record.status !== 'creating')
      .filter((record) =>
        words.every((word) => [record.member?.name, record.member?.email, record.promoCode].filter(Boolean).join('\n').toLowerCase().includes(word)),
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? -1 : 1));
    const counts: Record<string, number> = { all: matched.length };
    for (const status of ORDER_STATUSES) counts[status] = matched.filter((record) => record.status === status).length;
    const inStatus = matched.filter((record) => !query.status || record.status === query.status);
    const skip = ((query.page ?? 1) - 1) * ADMIN_ORDERS_PAGE_SIZE;
    return { ids: inStatus.slice(skip, skip + ADMIN_ORDERS_PAGE_SIZE).map((record) => record._id), counts, total: inStatus.length };
  }

  /** The figures by one walk over every paid or refunded payment. */
  function referenceFigures(records: Map<string, AdminPaymentRecord>, now: number) {
    const month = (time: Date) => time.toISOString().slice(0, 7);
    const lastMonth = new Date(now);
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const months = { revenueThisMonth: 0, revenueLastMonth: 0, refundedThisMonth: 0, refundedLastMonth: 0 };
    const weeks = new Map<string, { started: number; paid: number; refunded: number; revenue: number; refundedAmount: number }>();
    const week = (time: Date) =>
      weeks.get(weekKeyOf(time)) ?? weeks.set(weekKeyOf(time), { started: 0, paid: 0, refunded: 0, revenue: 0, refundedAmount: 0 }).get(weekKeyOf(time))!;
    const byCode = new Map<string | null, { promoCode: string | null; paid: number; refunded: number; revenue: number }>();
    const charted = new Set<string>();
    for (let weeksBack = 0; weeksBack < 12; weeksBack += 1) charted.add(weekKeyOf(now - weeksBack * 7 * DAY));
    for (const record of records.values()) {
      if (record.status === 'creating') continue;
      if (record.createdAt.getTime() <= now) week(record.createdAt).started += 1;
      if (!record.paidAt || (record.status !== 'succeeded' && record.status !== 'refunded')) continue;
      const refunded = record.status === 'refunded';
      const which = month(record.paidAt) === month(new Date(now)) ? 'ThisMonth' : month(record.paidAt) === month(lastMonth) ? 'LastMonth' : null;
      if (which) months[`${refunded ? 'refunded' : 'revenue'}${which}`] += record.amount;
      const paidWeek = week(record.paidAt);
      const code = byCode.get(record.promoCode) ?? { promoCode: record.promoCode, paid: 0, refunded: 0, revenue: 0 };
      if (refunded) {
        paidWeek.refunded += 1;
        paidWeek.refundedAmount += record.amount;
        code.refunded += charted.has(weekKeyOf(record.paidAt)) ? 1 : 0;
      } else {
        paidWeek.paid += 1;
        paidWeek.revenue += record.amount;
        code.paid += charted.has(weekKeyOf(record.paidAt)) ? 1 : 0;
        code.revenue += charted.has(weekKeyOf(record.paidAt)) ? record.amount : 0;
      }
      byCode.set(record.promoCode, code);
    }
    return { months, weeks, byCode: [...byCode.values()].filter((code) => code.paid + code.refunded > 0) };
  }

  it('finds, counts and pages as the reference does, and gives the same figures, after random payments, changes and removals', async () => {
    const random = randomFrom(2026);
    const records = new Map<string, AdminPaymentRecord>();
    for (let n = 0; n < 400; n += 1) {
      const generated = randomRecord(random, n);
      records.set(generated._id, generated);
    }
    const list = await PaymentList.of(records.values());
    const queries: AdminOrdersQuery[] = [
      {},
      { page: 3 },
      { status: 'succeeded' },
      { status: 'refunded', page: 2 },
      { status: 'open' },
      { search: 'half' },
      { search: 'spring', status: 'succeeded', page: 2 },
      { search: 'ADA example' },
      { search: 'm1@example.com' },
      { search: 'zoë' },
      { search: 'nobody' },
      { search: 'e', page: 4 },
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
      for (const query of queries) {
        const answer = list.find(query);
        expect({ ids: answer.payments.map((payment) => payment.id), counts: answer.counts, total: answer.total }).toEqual(reference(records, query));
      }
      const now = NOW + random(3) * DAY;
      const figures = list.figures(now);
      const expected = referenceFigures(records, now);
      expect(figures).toMatchObject(expected.months);
      for (const { weekStart, ...counted } of figures.weeks)
        expect(counted).toEqual(expected.weeks.get(weekStart) ?? { started: 0, paid: 0, refunded: 0, revenue: 0, refundedAmount: 0 });
      expect(figures.byPromoCode).toEqual(expect.arrayContaining(expected.byCode));
      expect(figures.byPromoCode).toHaveLength(expected.byCode.length);
    }
  });
});
