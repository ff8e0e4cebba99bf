/**
 * Orders Management's payment list alone, in this process, without a database or HTTP (issue 32):
 * built from generated payments fed one at a time (as a full read's cursor feeds it), its heap after
 * a full GC beside its `read_model_bytes` estimate, then each call of the scale bench as the service
 * answers it (the answer's JSON included), one at a time and 16 at once (16 callers asking together:
 * one event loop answers them in turn, so the last waits for all), p50 / p95 in ms. Prints figures;
 * asserts nothing.
 *
 *   npm run bench -w svc-billing
 *   BENCH_READ_MODEL_PAYMENTS=100000 BENCH_READ_MODEL_SAMPLES=20
 */
import { heapUsedAfterGc, timedAloneAndTogether } from '@altmed/local-stack/src/testing';
import { generatedMemberEmail, generatedMemberId, generatedMemberName } from '@altmed/service-kit';
import type { AdminOrdersQuery } from '@altmed/contracts';
import type { AdminPaymentRecord } from '../payments/payment-answers';
import { PaymentList } from '../orders/payment-list';
import { SEEDED_PROMO_CODE, generatedPaymentId } from '../seed/seed-payments';

const payments = Number(process.env.BENCH_READ_MODEL_PAYMENTS ?? 100_000);
const samples = Number(process.env.BENCH_READ_MODEL_SAMPLES ?? 20);
const CALLERS = 16;
const DAY_MS = 86_400_000;

const heapUsed = heapUsedAfterGc;

const STATUSES = ['succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded', 'open', 'failed', 'refunded', 'canceled'] as const;

/** The n-th generated payment as the full read gets it: over two years, most paid, one in ten with the seed's code. */
function paymentRecord(n: number, now: number): AdminPaymentRecord {
  const createdAt = new Date(now - (n % 730) * DAY_MS - (n % 86_400) * 1_000);
  const status = STATUSES[n % STATUSES.length]!;
  const paid = status === 'succeeded' || status === 'refunded';
  const promoCode = n % 10 === 3 ? SEEDED_PROMO_CODE : null;
  return {
    _id: generatedPaymentId(n),
    userId: generatedMemberId(n),
    member: { name: generatedMemberName(n), email: generatedMemberEmail(n) },
    amount: promoCode ? 5994 : 11988,
    currency: 'usd',
    promoCode,
    status,
    createdAt,
    paidAt: paid ? new Date(createdAt.getTime() + 60_000) : undefined,
    refund:
      status === 'refunded'
        ? { stripeRefundId: `re_${n}`, by: { id: 'admin', email: 'admin@altmed.local' }, at: new Date(createdAt.getTime() + DAY_MS) }
        : undefined,
  };
}

async function* generated(count: number, now: number): AsyncGenerator<AdminPaymentRecord> {
  for (let n = 0; n < count; n += 1) yield paymentRecord(n, now);
}

const timed = (call: () => unknown) => timedAloneAndTogether(call, samples, CALLERS);

async function main(): Promise<void> {
  const now = Date.now();
  const before = heapUsed();
  const startedAt = performance.now();
  const list = await PaymentList.of(generated(payments, now));
  const buildMs = performance.now() - startedAt;
  const heap = heapUsed() - before;
  const estimate = list.memoryFigures();
  console.log(
    `[payment-list] ${list.size} payments: built in ${(buildMs / 1000).toFixed(1)} s, heap ${Math.round(heap / 1024 / 1024)} MB (estimate ${Math.round(estimate.approximateBytes / 1024 / 1024)} MB)`,
  );

  const calls: [string, AdminOrdersQuery][] = [
    ['first page, with the counts', {}],
    ['an email', { search: generatedMemberEmail(4243) }],
    ['a promo code, paid, page 20', { search: SEEDED_PROMO_CODE.toLowerCase(), status: 'succeeded', page: 20 }],
    ['page 20', { page: 20 }],
    ['refunded, page 20', { status: 'refunded', page: 20 }],
  ];
  for (const [name, query] of calls) console.log(`[payment-list] ${name}: ${timed(() => JSON.stringify(list.find(query)))}`);
  console.log(`[payment-list] payment figures: ${timed(() => JSON.stringify(list.figures()))}`);

  // A payment between two calls: the next call pays for what the change costs.
  let next = payments;
  console.log(
    `[payment-list] a payment, then the figures: ${timed(() => {
      list.upsert(paymentRecord(next++, now));
      return JSON.stringify(list.figures());
    })}`,
  );
  console.log(
    `[payment-list] a payment, then an email: ${timed(() => {
      list.upsert(paymentRecord(next++, now));
      return JSON.stringify(list.find({ search: generatedMemberEmail(4243) }));
    })}`,
  );
}

void main();
