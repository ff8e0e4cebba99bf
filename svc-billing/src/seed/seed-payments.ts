import { MEMBERSHIP_CURRENCY, MEMBERSHIP_PERIOD_MONTHS, membershipPriceCents } from '@altmed/contracts';
import {
  generatedMemberEmail,
  generatedMemberId,
  generatedMemberName,
  generatedMembershipEnd,
  inBatches,
  insertIgnoringDuplicates,
  runMembersSeed,
  runCommand,
  seededId,
  tellRunningInstances,
} from '@altmed/service-kit';
import { billingEnv } from '../config';
import { paymentChangedEvent } from '../payments/payment-changed.event';
import { paymentModel, type PaymentModel } from '../payments/payment.model';

const BATCH = 2_000;
/** One in ten generated payments used this code (half price), so revenue by promo code has more than one row. */
export const SEEDED_PROMO_CODE = 'SEED50';

export const generatedPaymentId = (n: number): string => seededId(`payment-${n}`);

/**
 * The payment of each generated member who has paid (svc-identity's seed gives the same members
 * their membership): a year bought one membership period before its end, as plain inserts in
 * batches (running it again inserts only what is missing). Seeded payments have no Stripe intent.
 */
export async function insertGeneratedPayments(payments: PaymentModel, count: number, log: (line: string) => void = () => undefined): Promise<string[]> {
  await payments.init();
  const now = Date.now();
  const ids: string[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const documents = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => start + offset).flatMap((n) => {
      const end = generatedMembershipEnd(n, now);
      if (!end) return [];
      const paidAt = new Date(end);
      paidAt.setUTCMonth(paidAt.getUTCMonth() - MEMBERSHIP_PERIOD_MONTHS);
      const promo = n % 10 === 0 ? { promoCode: SEEDED_PROMO_CODE, discountPercentage: 50 } : { promoCode: null, discountPercentage: 0 };
      const id = generatedPaymentId(n);
      ids.push(id);
      return [
        {
          _id: id,
          purchaseKey: `closed:${id}`,
          userId: generatedMemberId(n),
          member: { name: generatedMemberName(n), email: generatedMemberEmail(n) },
          amount: membershipPriceCents(promo.discountPercentage),
          currency: MEMBERSHIP_CURRENCY,
          ...promo,
          status: 'succeeded' as const,
          paidAt,
          outbox: [],
          createdAt: paidAt,
          updatedAt: paidAt,
        },
      ];
    });
    await insertIgnoringDuplicates(() => payments.insertMany(documents, { ordered: false, lean: true }));
    log(`  ${Math.min(start + BATCH, count)} of ${count} members' payments`);
  }
  return ids;
}

/** `npm run seed -- --members 100000` (billing's part): the generated members' payments in svc-billing's database. */
export function seedPaymentsCommand(argv: string[], env: NodeJS.ProcessEnv, log: (line: string) => void = console.log): Promise<void> {
  return runMembersSeed(argv, env, billingEnv, async (count, connection, broker) => {
    const startedAt = Date.now();
    log(`Seeding the payments of ${count} generated members into ${connection.name}`);
    const ids = await insertGeneratedPayments(paymentModel(connection), count, log);
    // The running instances' payment lists read them now.
    await tellRunningInstances(broker, inBatches(ids, 1_000).map(paymentChangedEvent), log);
    log(`${ids.length} payments in place in ${Math.round((Date.now() - startedAt) / 1000)} s`);
  });
}

if (require.main === module) runCommand('seed', () => seedPaymentsCommand(process.argv.slice(2), process.env));
