import { WEEKS_CHARTED, type ApiResponseBody } from '@altmed/contracts/web';
import { apiCall } from '@altmed/web-kit';

/** GET /api/members/figures's answer (svc-identity): active members, sign-ups this week and per week. */
export type MemberFigures = ApiResponseBody<'GET /members/figures'>;
/** GET /api/payments/figures's answer (svc-billing): revenue this month and last, payments per week, per promo code. */
export type PaymentFigures = ApiResponseBody<'GET /payments/figures'>;
/** GET /api/admins/figures's answer (svc-providers): providers and reviews waiting, providers per week, the most searched. */
export type ProviderFigures = ApiResponseBody<'GET /admins/figures'>;

/** The texts of a failed call when the server sends no message of its own. */
export const FigureErrors = {
  members: 'Failed to fetch the member figures',
  payments: 'Failed to fetch the payment figures',
  providers: 'Failed to fetch the provider figures',
} as const;

/** GET /api/members/figures with the admin's token. */
export function fetchMemberFigures(token: string | null, signal?: AbortSignal): Promise<MemberFigures> {
  return apiCall('GET /members/figures', { token, defaultError: FigureErrors.members, signal });
}

/** GET /api/payments/figures with the admin's token. */
export function fetchPaymentFigures(token: string | null, signal?: AbortSignal): Promise<PaymentFigures> {
  return apiCall('GET /payments/figures', { token, defaultError: FigureErrors.payments, signal });
}

/** GET /api/admins/figures with the admin's token. */
export function fetchProviderFigures(token: string | null, signal?: AbortSignal): Promise<ProviderFigures> {
  return apiCall('GET /admins/figures', { token, defaultError: FigureErrors.providers, signal });
}

type Week = { weekStart: string };

/**
 * The weeks a chart shows from the services' answers: every week any of them lists, oldest first,
 * the last WEEKS_CHARTED. Each service counts its own weeks; just after Monday 00:00 UTC one may
 * already list the new week while another does not yet, and the chart then shows both's weeks.
 */
export function chartWeeks(...lists: (readonly Week[] | undefined)[]): string[] {
  const weeks = new Set(lists.flatMap((list) => (list ?? []).map((each) => each.weekStart)));
  return [...weeks].sort().slice(-WEEKS_CHARTED);
}

/** One number per week of `weeks` from a service's list; 0 for a week it does not list. */
export function perWeek<Row extends Week>(weeks: readonly string[], rows: readonly Row[], value: (row: Row) => number): number[] {
  const byWeek = new Map(rows.map((row) => [row.weekStart, value(row)]));
  return weeks.map((week) => byWeek.get(week) ?? 0);
}

/** The sum of some numbers. */
export const total = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);
