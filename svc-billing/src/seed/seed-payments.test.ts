import request from 'supertest';
import type { AdminOrdersResponse } from '@altmed/contracts';
import { generatedMemberEmail, generatedMemberId } from '@altmed/service-kit';
import { eventually, startIdentityProcess, testEventsExchange, withDatabase, type IdentityProcess } from '@altmed/local-stack/src/testing';
import { startTestBilling, type TestBilling } from '../test/test-billing';
import { SEEDED_PROMO_CODE, seedPaymentsCommand } from './seed-payments';

let identity: IdentityProcess;
let billing: TestBilling;

beforeAll(async () => {
  identity = await startIdentityProcess();
  billing = await startTestBilling(identity.url);
});

afterAll(async () => {
  await billing.stop();
  await identity.stop();
});

it('seeds a paid year for two generated members in three, again without duplicates, and tells the running payment lists', async () => {
  const env = { ...process.env, MONGO_DB: billing.database, EVENTS_EXCHANGE: testEventsExchange() };
  await seedPaymentsCommand(['--members', '6'], env, () => undefined);
  await seedPaymentsCommand(['--members', '6'], env, () => undefined);
  const payments = await withDatabase(billing.database, (db) => db.collection('payments').find({}).sort({ userId: 1 }).toArray());
  expect(payments.map((payment) => String(payment.userId)).sort()).toEqual([0, 1, 3, 4].map(generatedMemberId).sort());
  expect(payments.find((payment) => payment.userId === generatedMemberId(0))).toMatchObject({
    amount: 5994,
    promoCode: SEEDED_PROMO_CODE,
    status: 'succeeded',
  });
  expect(payments.find((payment) => payment.userId === generatedMemberId(1))).toMatchObject({ amount: 11988, promoCode: null });

  const admin = await identity.logInAdmin();
  await eventually(async () => {
    const list = (await request(billing.url).get('/payments').query({ search: 'seed.altmed.local' }).set('Authorization', `Bearer ${admin.token}`).expect(200))
      .body as AdminOrdersResponse;
    return list.total === 4 && list.payments.some((payment) => payment.member?.email === generatedMemberEmail(4));
  }, 20_000);
});
