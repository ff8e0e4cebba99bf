import type { TestRoute } from '@altmed/web-kit/src/testing/httpFetch';
import type { MemberFigures, PaymentFigures, ProviderFigures } from '../lib/figures';

/** The 12 weeks the fixtures chart: Mondays, oldest first, the current one (Nov 23, 2026) last. */
export const chartedMondays = [
  '2026-09-07',
  '2026-09-14',
  '2026-09-21',
  '2026-09-28',
  '2026-10-05',
  '2026-10-12',
  '2026-10-19',
  '2026-10-26',
  '2026-11-02',
  '2026-11-09',
  '2026-11-16',
  '2026-11-23',
];

// Per week, oldest first. Over the 12 weeks: 128 sign-ups, 50 payments started, 36 paid and kept, 2 paid and refunded since.
export const signUps = [5, 8, 6, 10, 12, 9, 14, 11, 13, 15, 18, 7];
export const started = [2, 3, 2, 4, 5, 3, 6, 4, 5, 6, 8, 2];
export const paid = [1, 2, 2, 3, 4, 2, 4, 3, 4, 4, 6, 1];
export const refunded = [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0];
export const revenue = [11988, 23976, 17982, 35964, 47952, 23976, 41958, 35964, 47952, 41958, 65934, 11988];
export const signedUp = [1, 0, 2, 1, 3, 0, 1, 2, 1, 0, 2, 1];
export const approved = [0, 1, 1, 0, 2, 1, 0, 1, 1, 1, 0, 0];
export const blocked = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

/** GET /api/members/figures's answer, as svc-identity gives it. */
export function memberFigures(overrides: Partial<MemberFigures> = {}): MemberFigures {
  return {
    activeMembers: 1234,
    newMembersThisWeek: 21,
    weeks: signUps.map((value, index) => ({ weekStart: chartedMondays[index]!, signUps: value })),
    ...overrides,
  };
}

/** GET /api/payments/figures's answer, as svc-billing gives it. */
export function paymentFigures(overrides: Partial<PaymentFigures> = {}): PaymentFigures {
  return {
    currency: 'usd',
    revenueThisMonth: 167832,
    revenueLastMonth: 143856,
    refundedThisMonth: 11988,
    refundedLastMonth: 0,
    weeks: started.map((value, index) => ({
      weekStart: chartedMondays[index]!,
      started: value,
      paid: paid[index]!,
      refunded: refunded[index]!,
      revenue: revenue[index]!,
      refundedAmount: refunded[index]! * 11988,
    })),
    byPromoCode: [
      { promoCode: null, paid: 30, refunded: 2, revenue: 359640 },
      { promoCode: 'HALF', paid: 4, refunded: 0, revenue: 23976 },
      { promoCode: 'FREE', paid: 2, refunded: 0, revenue: 0 },
    ],
    ...overrides,
  };
}

/** GET /api/admins/figures's answer, as svc-providers gives it. */
export function providerFigures(overrides: Partial<ProviderFigures> = {}): ProviderFigures {
  return {
    providersPending: 4,
    reviewsPending: 9,
    weeks: signedUp.map((value, index) => ({ weekStart: chartedMondays[index]!, signedUp: value, approved: approved[index]!, blocked: blocked[index]! })),
    mostSearched: {
      areas: [
        { term: 'Acupuncture', searches: 42 },
        { term: 'Naturopathy', searches: 17 },
        { term: 'Chiropractic', searches: 1 },
      ],
      places: [
        { term: 'Portland, OR', searches: 30 },
        { term: 'WA', searches: 12 },
      ],
    },
    ...overrides,
  };
}

/** The three figures calls answered with these bodies (the fixtures' by default), or with `failed`'s status and message. */
export function figureRoutes(
  bodies: { members?: MemberFigures; payments?: PaymentFigures; providers?: ProviderFigures } = {},
  failed: Partial<Record<'members' | 'payments' | 'providers', { status: number; message: string }>> = {},
): TestRoute[] {
  const route = (path: string, body: unknown, failure?: { status: number; message: string }): TestRoute =>
    failure ? { method: 'GET', path, status: failure.status, body: { message: failure.message } } : { method: 'GET', path, status: 200, body };
  return [
    route('/api/members/figures', bodies.members ?? memberFigures(), failed.members),
    route('/api/payments/figures', bodies.payments ?? paymentFigures(), failed.payments),
    route('/api/admins/figures', bodies.providers ?? providerFigures(), failed.providers),
  ];
}
