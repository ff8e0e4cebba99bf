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
