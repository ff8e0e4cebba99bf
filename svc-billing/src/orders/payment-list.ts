import { ADMIN_ORDERS_MAX_PAGE, ADMIN_ORDERS_PAGE_SIZE, ORDER_STATUSES, type AdminOrder, type AdminOrdersQuery, type OrderStatus } from '@altmed/contracts';
import { NewestFirstList, type ListedEntry } from '@altmed/service-kit';
import { adminPaymentView, type AdminPaymentRecord } from '../payments/payments.domain';

interface ListedPayment extends ListedEntry {
  status: OrderStatus;
  /** The member's name and email and the promo code, lowercased, one string: what a search looks in. */
  searched: string;
  record: AdminPaymentRecord;
}

export interface PaymentListResult {
  payments: AdminOrder[];
  counts: Record<'all' | OrderStatus, number>;
  total: number;
}

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

  static of(records: readonly AdminPaymentRecord[]): PaymentList {
    return new PaymentList(NewestFirstList.of(records.flatMap((record) => (listedStatus(record.status) ? [listed(record)] : []))));
  }

  get size(): number {
    return this.entries.size;
  }

  /** The page asked for; every word of the search must be in the member's name or email or the promo code, in any case. */
  find(query: AdminOrdersQuery): PaymentListResult {
    const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const skip = ((query.page ?? 1) - 1) * ADMIN_ORDERS_PAGE_SIZE;
    const counts = Object.fromEntries(['all', ...ORDER_STATUSES].map((key) => [key, 0])) as PaymentListResult['counts'];
    const payments: AdminOrder[] = [];
    let total = 0;
    for (const payment of this.entries.values()) {
      if (words.length > 0 && !words.every((word) => payment.searched.includes(word))) continue;
      counts.all += 1;
      counts[payment.status] += 1;
      if (query.status && query.status !== payment.status) continue;
      if (total >= skip && payments.length < ADMIN_ORDERS_PAGE_SIZE) payments.push(orderView(payment.record));
      total += 1;
    }
    return { payments, counts, total };
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
    searched: [record.member?.name, record.member?.email, record.promoCode].filter(Boolean).join('\n').toLowerCase(),
    record,
  };
}

export const totalPagesOf = (total: number) => Math.min(ADMIN_ORDERS_MAX_PAGE, Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE)));
