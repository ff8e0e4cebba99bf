import { z } from 'zod';

/**
 * The admin Dashboard's and Analytics Dashboard's figures. Each service answers for what it owns,
 * from what it keeps as events arrive (its read models in memory, its weekly tallies), never by
 * reading every record on a view: the members (svc-identity), the payments (svc-billing), the
 * providers, reviews and directory searches (svc-providers).
 *
 * A week starts on Monday, 00:00 UTC; `weeks` lists the last `WEEKS_CHARTED`, oldest first, the
 * current one last (so far). Amounts are cents in `currency`.
 */

const week = { /** ISO date of the week's Monday (UTC), `2026-11-23`. */ weekStart: z.string() };

/** GET /members/figures (svc-identity). */
export const memberFiguresResponseSchema = z.object({
  activeMembers: z.number().int(),
  /** Sign-ups in the last 7 days. */
  newMembersThisWeek: z.number().int(),
  weeks: z.array(z.object({ ...week, signUps: z.number().int() })),
});
export type MemberFiguresResponse = z.infer<typeof memberFiguresResponseSchema>;

/**
 * GET /payments/figures (svc-billing). A payment counts in the week and month it was paid; once
 * refunded it counts there as refunded, not as paid: `paid` and `revenue` are net, and `paid +
 * refunded` are the payments made (the same for the amounts).
 */
export const paymentFiguresResponseSchema = z.object({
  currency: z.string(),
  /** Calendar months, UTC: what was paid in the month and not refunded. */
  revenueThisMonth: z.number().int(),
  revenueLastMonth: z.number().int(),
  /** What was paid in the month and since refunded. */
  refundedThisMonth: z.number().int(),
  refundedLastMonth: z.number().int(),
  weeks: z.array(
    z.object({
      ...week,
      /** Payments started (an intent made, or a 100 % code redeemed) that week. */
      started: z.number().int(),
      /** Memberships paid that week and not refunded, free ones included. */
      paid: z.number().int(),
      /** Memberships paid that week and since refunded. */
      refunded: z.number().int(),
      revenue: z.number().int(),
      refundedAmount: z.number().int(),
    }),
  ),
  /** Paid (net) and refunded memberships and revenue per promo code over the charted weeks, most revenue first; `promoCode` null for full price. */
  byPromoCode: z.array(z.object({ promoCode: z.string().nullable(), paid: z.number().int(), refunded: z.number().int(), revenue: z.number().int() })),
});
export type PaymentFiguresResponse = z.infer<typeof paymentFiguresResponseSchema>;

/** GET /admins/figures (svc-providers). */
export const providerFiguresResponseSchema = z.object({
  providersPending: z.number().int(),
  reviewsPending: z.number().int(),
  weeks: z.array(z.object({ ...week, signedUp: z.number().int(), approved: z.number().int(), blocked: z.number().int() })),
  /** The directory's most searched specialty areas and places (a city and state, or a state) over the charted weeks, most first. */
  mostSearched: z.object({
    areas: z.array(z.object({ term: z.string(), searches: z.number().int() })),
    places: z.array(z.object({ term: z.string(), searches: z.number().int() })),
  }),
});
export type ProviderFiguresResponse = z.infer<typeof providerFiguresResponseSchema>;

/** The Monday, 00:00 UTC, of the week `time` falls in. */
export function weekStartOf(time: Date | number): Date {
  const day = new Date(time);
  day.setUTCHours(0, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day;
}

/** The week `time` falls in, as its Monday's `YYYY-MM-DD`: how figures name weeks. */
export const weekKeyOf = (time: Date | number): string => weekStartOf(time).toISOString().slice(0, 10);

/** The Mondays of the last `count` weeks, oldest first, as `YYYY-MM-DD`. */
export function chartedWeeks(now: Date | number, count: number): string[] {
  const current = weekStartOf(now);
  return Array.from({ length: count }, (_, index) => {
    const monday = new Date(current);
    monday.setUTCDate(monday.getUTCDate() - 7 * (count - 1 - index));
    return monday.toISOString().slice(0, 10);
  });
}
