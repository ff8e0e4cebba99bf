import {
  ADMIN_ORDERS_MAX_PAGE,
  ADMIN_ORDERS_PAGE_SIZE,
  MEMBERSHIP_CURRENCY,
  ORDER_STATUSES,
  WEEKS_CHARTED,
  chartedWeeks,
  paymentReference,
  type AdminOrder,
  type AdminOrdersQuery,
  type OrderStatus,
  type PaymentFiguresResponse,
} from '@altmed/contracts';
import {
  MAP_ENTRY_BYTES,
  NewestFirstList,
  SearchedText,
  approximateBytesOf,
  objectBytes,
  stringBytes,
  type ListedEntry,
  type ReadModelFigures,
} from '@altmed/service-kit';
import { adminPaymentView, type AdminPaymentRecord } from '../payments/payment-answers';

interface ListedPayment extends ListedEntry {
  status: OrderStatus;
  /** The status's place in ORDER_STATUSES: what counts index. */
  statusIndex: number;
  /** Milliseconds; NaN until paid. */
  paidAt: number;
  /** The member's name and email, the promo code and the payment's reference, lowercased, one string: what a search looks in. */
  searched: string;
  record: AdminPaymentRecord;
}

/** A listed payment's object (its two times in boxes; the id is the record's), its map entry and its place in the ordered list. */
const LISTED_PAYMENT_BYTES = objectBytes(7, 2) + MAP_ENTRY_BYTES + 8;

export interface PaymentListResult {
  payments: AdminOrder[];
  counts: Record<'all' | OrderStatus, number>;
  total: number;
}

const WEEK_MS = 7 * 24 * 3600_000;
/** A Monday, 00:00 UTC: weeks are counted from it (UTC weeks are 7 × 24 hours each, so a week's number is arithmetic). */
const FIRST_MONDAY = Date.UTC(1970, 0, 5);
const weekNumberOf = (time: number) => Math.floor((time - FIRST_MONDAY) / WEEK_MS);
/** The calendar month (UTC) `time` is in, as months since year 0. */
const monthNumberOf = (time: number) => {
  const date = new Date(time);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
};

interface CodeTally {
  paid: number;
  refunded: number;
  revenue: number;
}

/** The payments paid in one week: paid (and kept) and refunded since, their amounts, per promo code. */
interface WeekTally extends CodeTally {
  refundedAmount: number;
  byPromoCode: Map<string | null, CodeTally>;
}

/** A week's tally and its promo codes' map, and a month's. */
const TALLY_BYTES = objectBytes(5) + MAP_ENTRY_BYTES + 64;
const CODE_TALLY_BYTES = objectBytes(3) + MAP_ENTRY_BYTES;

const tallyOf = <K, T>(tallies: Map<K, T>, key: K, empty: () => T): T => {
  let tally = tallies.get(key);
  if (!tally) tallies.set(key, (tally = empty()));
  return tally;
};

const listedStatus = (status: string): status is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(status);

export function orderView(record: AdminPaymentRecord): AdminOrder {
  return { ...adminPaymentView(record), member: record.member ? { name: record.member.name, email: record.member.email } : null };
}

/**
 * Every payment attempt but those still being written, newest first: Orders Management's read
 * model. Kept beside the entries so that no call walks all of them: the count of each status, the
 * searched texts joined (a search meets only the payments holding its longest word), and the paid
 * and refunded payments tallied per week and month as they change (the figures read 12 weeks and 2
 * months); payments started per week are binary searches of the list's order, and a page without a
 * search a slice, or a walk that stops once the page is full.
 */
export class PaymentList {
  private readonly perStatus = new Array<number>(ORDER_STATUSES.length).fill(0);
  /** By week number (`weekNumberOf` the payment's paid-at). */
  private readonly weeks = new Map<number, WeekTally>();
  /** By month number (`monthNumberOf` the payment's paid-at). */
  private readonly months = new Map<number, { revenue: number; refunded: number }>();
  private readonly text: SearchedText<ListedPayment>;

  private constructor(private readonly entries: NewestFirstList<ListedPayment>) {
    for (const payment of entries.values()) this.count(payment, 1);
    this.text = new SearchedText(entries, (payment) => payment.searched);
  }

  /** The list of these records, as they come (from a cursor). */
  static async of(records: Iterable<AdminPaymentRecord> | AsyncIterable<AdminPaymentRecord>): Promise<PaymentList> {
    const entries: ListedPayment[] = [];
    for await (const record of records) if (listedStatus(record.status)) entries.push(listed(record));
    return new PaymentList(NewestFirstList.of(entries));
  }

  static empty(): PaymentList {
    return new PaymentList(new NewestFirstList());
  }

  get size(): number {
    return this.entries.size;
  }

  /** Its payments and their memory, roughly: each entry's object and search text, the record it keeps for its row, the tallies and the joined search text. */
  memoryFigures(): ReadModelFigures {
    let bytes = this.text.approximateBytes + this.months.size * TALLY_BYTES;
    for (const week of this.weeks.values()) bytes += TALLY_BYTES + week.byPromoCode.size * CODE_TALLY_BYTES;
    for (const payment of this.entries.values()) bytes += LISTED_PAYMENT_BYTES + stringBytes(payment.searched) + approximateBytesOf(payment.record);
    return { entries: this.entries.size, approximateBytes: bytes };
  }

  /** The page asked for; every word of the search must be in the member's name or email, the promo code or the reference, in any case. */
  find(query: AdminOrdersQuery): PaymentListResult {
    const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const skip = ((query.page ?? 1) - 1) * ADMIN_ORDERS_PAGE_SIZE;
    const wanted = query.status ? ORDER_STATUSES.indexOf(query.status) : -1;
    if (words.length === 0) return this.unsearched(wanted, skip);
    const perStatus = new Array<number>(ORDER_STATUSES.length).fill(0);
    const payments: AdminOrder[] = [];
    let all = 0;
    let total = 0;
    this.text.forEachMatch(words, (payment) => {
      all += 1;
      perStatus[payment.statusIndex]! += 1;
      if (wanted >= 0 && wanted !== payment.statusIndex) return;
      if (total >= skip && payments.length < ADMIN_ORDERS_PAGE_SIZE) payments.push(orderView(payment.record));
      total += 1;
    });
    return { payments, counts: countsOf(all, perStatus), total };
  }

  /**
   * Payments started, paid and refunded and their amounts per charted week, per promo code over
   * those weeks, and this and last calendar month's, from the tallies. A payment counts in the week
   * and month it was paid, as paid (revenue) or, once refunded, as refunded.
   */
  figures(now = Date.now()): PaymentFiguresResponse {
    const weeks = chartedWeeks(now, WEEKS_CHARTED);
    // Started from each week's Monday on; the current week's end at now (another instance's clock may be a little ahead).
    const fromWeek = weeks.map((weekStart) => this.entries.countCreatedAfter(Date.parse(weekStart), true));
    const afterNow = this.entries.countCreatedAfter(now);
    const byPromoCode = new Map<string | null, { promoCode: string | null } & CodeTally>();
    const byWeek = weeks.map((weekStart, index) => {
      const tally = this.weeks.get(weekNumberOf(Date.parse(weekStart)));
      for (const [promoCode, code] of tally?.byPromoCode ?? []) {
        const sum = tallyOf(byPromoCode, promoCode, () => ({ promoCode, paid: 0, refunded: 0, revenue: 0 }));
        sum.paid += code.paid;
        sum.refunded += code.refunded;
        sum.revenue += code.revenue;
      }
      return {
        weekStart,
        started: fromWeek[index]! - (fromWeek[index + 1] ?? afterNow),
        paid: tally?.paid ?? 0,
        refunded: tally?.refunded ?? 0,
        revenue: tally?.revenue ?? 0,
        refundedAmount: tally?.refundedAmount ?? 0,
      };
    });
    const thisMonth = this.months.get(monthNumberOf(now));
    const lastMonth = this.months.get(monthNumberOf(now) - 1);
    return {
      currency: MEMBERSHIP_CURRENCY,
      revenueThisMonth: thisMonth?.revenue ?? 0,
      revenueLastMonth: lastMonth?.revenue ?? 0,
      refundedThisMonth: thisMonth?.refunded ?? 0,
      refundedLastMonth: lastMonth?.refunded ?? 0,
      weeks: byWeek,
      byPromoCode: [...byPromoCode.values()].sort(byRevenue),
    };
  }

  upsert(record: AdminPaymentRecord): void {
    this.remove(record._id);
    if (!listedStatus(record.status)) return;
    const payment = listed(record);
    this.entries.upsert(payment);
    this.count(payment, 1);
  }

  remove(id: string): void {
    const payment = this.entries.get(id);
    if (!payment) return;
    this.count(payment, -1);
    this.entries.remove(id);
  }

  /** A page without a search: the counts kept, the page a slice of the list or, in one status, a walk until it is full. */
  private unsearched(wanted: number, skip: number): PaymentListResult {
    const counts = countsOf(this.entries.size, this.perStatus);
    const entries = this.entries.values();
    if (wanted < 0)
      return { payments: entries.slice(skip, skip + ADMIN_ORDERS_PAGE_SIZE).map((payment) => orderView(payment.record)), counts, total: this.entries.size };
    const payments: AdminOrder[] = [];
    let before = 0;
    for (const payment of entries) {
      if (payment.statusIndex !== wanted) continue;
      if (before < skip) before += 1;
      else if (payments.push(orderView(payment.record)) === ADMIN_ORDERS_PAGE_SIZE) break;
    }
    return { payments, counts, total: this.perStatus[wanted]! };
  }

  /** Adds a payment to the counts and tallies (`sign` 1), or takes it out of them (-1). */
  private count(payment: ListedPayment, sign: 1 | -1): void {
    this.perStatus[payment.statusIndex]! += sign;
    const { record, paidAt } = payment;
    if (Number.isNaN(paidAt) || (record.status !== 'succeeded' && record.status !== 'refunded')) return;
    const amount = sign * record.amount;
    const week = tallyOf(this.weeks, weekNumberOf(paidAt), () => ({
      paid: 0,
      refunded: 0,
      revenue: 0,
      refundedAmount: 0,
      byPromoCode: new Map<string | null, CodeTally>(),
    }));
    const code = tallyOf(week.byPromoCode, record.promoCode, () => ({ paid: 0, refunded: 0, revenue: 0 }));
    const month = tallyOf(this.months, monthNumberOf(paidAt), () => ({ revenue: 0, refunded: 0 }));
    if (record.status === 'refunded') {
      week.refunded += sign;
      week.refundedAmount += amount;
      code.refunded += sign;
      month.refunded += amount;
    } else {
      week.paid += sign;
      week.revenue += amount;
      code.paid += sign;
      code.revenue += amount;
      month.revenue += amount;
    }
    // A code with no payment left in the week is not listed (as one never used is not).
    if (code.paid === 0 && code.refunded === 0) week.byPromoCode.delete(record.promoCode);
  }
}

function countsOf(all: number, perStatus: readonly number[]): Record<'all' | OrderStatus, number> {
  const counts = Object.fromEntries(ORDER_STATUSES.map((status, index) => [status, perStatus[index]!])) as Record<OrderStatus, number>;
  return { all, ...counts };
}

/** Most revenue first, then most paid, most refunded, full price before the codes, the codes by name. */
function byRevenue(a: { promoCode: string | null } & CodeTally, b: { promoCode: string | null } & CodeTally): number {
  return b.revenue - a.revenue || b.paid - a.paid || b.refunded - a.refunded || (a.promoCode ?? '').localeCompare(b.promoCode ?? '');
}

function listed(record: AdminPaymentRecord): ListedPayment {
  return {
    id: record._id,
    createdAt: record.createdAt.getTime(),
    status: record.status as OrderStatus,
    statusIndex: ORDER_STATUSES.indexOf(record.status as OrderStatus),
    paidAt: record.paidAt?.getTime() ?? Number.NaN,
    searched: [record.member?.name, record.member?.email, record.promoCode, referenceSearched(record._id)].filter(Boolean).join('\n').toLowerCase(),
    record,
  };
}

/** The payment's reference as written ("1B9D-6BCD-BBFD") and as typed without its dashes. */
const referenceSearched = (paymentId: string) => {
  const reference = paymentReference(paymentId);
  return `${reference} ${reference.replace(/-/g, '')}`;
};

export const totalPagesOf = (total: number) => Math.min(ADMIN_ORDERS_MAX_PAGE, Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE)));
