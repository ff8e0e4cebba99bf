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
import { MAP_ENTRY_BYTES, NewestFirstList, approximateBytesOf, objectBytes, stringBytes, type ListedEntry, type ReadModelFigures } from '@altmed/service-kit';
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

/** The first instant of the calendar month (UTC) `offset` months from the one `now` is in. */
const monthStartOf = (now: number, offset: number) => {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1);
};

const WEEK_MS = 7 * 24 * 3600_000;

const listedStatus = (status: string): status is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(status);

export function orderView(record: AdminPaymentRecord): AdminOrder {
  return { ...adminPaymentView(record), member: record.member ? { name: record.member.name, email: record.member.email } : null };
}

/**
 * Every payment attempt but those still being written, newest first: Orders Management's read
 * model. A search is one pass that matches, counts each status and keeps the page.
 */
export class PaymentList {
  private constructor(private readonly entries: NewestFirstList<ListedPayment>) {}

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

  /** Its payments and their memory, roughly: each entry's object and search text, and the record it keeps for its row. */
  memoryFigures(): ReadModelFigures {
    let bytes = 0;
    for (const payment of this.entries.values()) bytes += LISTED_PAYMENT_BYTES + stringBytes(payment.searched) + approximateBytesOf(payment.record);
    return { entries: this.entries.size, approximateBytes: bytes };
  }

  /** The page asked for; every word of the search must be in the member's name or email, the promo code or the reference, in any case. */
  find(query: AdminOrdersQuery): PaymentListResult {
    const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const skip = ((query.page ?? 1) - 1) * ADMIN_ORDERS_PAGE_SIZE;
    const perStatus = new Array<number>(ORDER_STATUSES.length).fill(0);
    const wanted = query.status ? ORDER_STATUSES.indexOf(query.status) : -1;
    const payments: AdminOrder[] = [];
    let all = 0;
    let total = 0;
    for (const payment of this.entries.values()) {
      if (words.length > 0 && !words.every((word) => payment.searched.includes(word))) continue;
      all += 1;
      perStatus[payment.statusIndex]! += 1;
      if (wanted >= 0 && wanted !== payment.statusIndex) continue;
      if (total >= skip && payments.length < ADMIN_ORDERS_PAGE_SIZE) payments.push(orderView(payment.record));
      total += 1;
    }
    const counts = Object.fromEntries(ORDER_STATUSES.map((status, index) => [status, perStatus[index]!])) as Record<OrderStatus, number>;
    return { payments, counts: { all, ...counts }, total };
  }

  /**
   * Payments started, paid and their revenue per charted week, revenue per promo code over those
   * weeks, and this and last calendar month's revenue: one pass. Revenue is what was paid and not
   * refunded; a refunded payment still counts as paid in its week.
   */
  figures(now = Date.now()): PaymentFiguresResponse {
    const weeks = chartedWeeks(now, WEEKS_CHARTED);
    const firstWeek = Date.parse(weeks[0]!);
    // UTC weeks are 7 × 24 hours each: a week's index is arithmetic, with no date object per payment.
    const byWeek = weeks.map((weekStart) => ({ weekStart, started: 0, paid: 0, revenue: 0 }));
    const weekIndexOf = (time: number) => Math.floor((time - firstWeek) / WEEK_MS);
    const byPromoCode = new Map<string | null, { promoCode: string | null; paid: number; revenue: number }>();
    const thisMonth = monthStartOf(now, 0);
    const lastMonth = monthStartOf(now, -1);
    let revenueThisMonth = 0;
    let revenueLastMonth = 0;
    for (const { record, createdAt, paidAt } of this.entries.values()) {
      // (Another instance's clock may be a little ahead: a payment from "the future" is in no charted week yet.)
      if (createdAt >= firstWeek && createdAt <= now) byWeek[weekIndexOf(createdAt)]!.started += 1;
      if (Number.isNaN(paidAt) || (record.status !== 'succeeded' && record.status !== 'refunded')) continue;
      const revenue = record.status === 'succeeded' ? record.amount : 0;
      if (paidAt >= thisMonth) revenueThisMonth += revenue;
      else if (paidAt >= lastMonth) revenueLastMonth += revenue;
      if (paidAt < firstWeek || paidAt > now) continue;
      const week = byWeek[weekIndexOf(paidAt)]!;
      week.paid += 1;
      week.revenue += revenue;
      const code = byPromoCode.get(record.promoCode) ?? { promoCode: record.promoCode, paid: 0, revenue: 0 };
      code.paid += 1;
      code.revenue += revenue;
      byPromoCode.set(record.promoCode, code);
    }
    return {
      currency: MEMBERSHIP_CURRENCY,
      revenueThisMonth,
      revenueLastMonth,
      weeks: byWeek,
      byPromoCode: [...byPromoCode.values()].sort((a, b) => b.revenue - a.revenue || b.paid - a.paid),
    };
  }

  upsert(record: AdminPaymentRecord): void {
    if (listedStatus(record.status)) this.entries.upsert(listed(record));
    else this.entries.remove(record._id);
  }

  remove(id: string): void {
    this.entries.remove(id);
  }
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
