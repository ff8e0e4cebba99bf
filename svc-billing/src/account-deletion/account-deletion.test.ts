import { randomUUID } from 'node:crypto';
import { connect, type ChannelModel } from 'amqplib';
import request from 'supertest';
import { paymentReference, type AdminOrdersResponse, type EventEnvelope, type MyPayments } from '@altmed/contracts';
import { eventually, startIdentityProcess, testEventsExchange, waitForDeliveriesDone, type IdentityProcess } from '@altmed/local-stack/src/testing';
import { payByCard, paymentsOf, startPayment, startTestBilling, type TestBilling } from '../test/test-billing';
import { accountDeletionQueue } from './user-deleted.handler';

let identity: IdentityProcess;
let billing: TestBilling;
let connection: ChannelModel;

beforeAll(async () => {
  identity = await startIdentityProcess();
  billing = await startTestBilling(identity.url);
  connection = await connect(process.env.AMQP_URL!);
});

afterAll(async () => {
  await connection.close();
  await billing.stop();
  await identity.stop();
});

async function publish(event: EventEnvelope): Promise<void> {
  const channel = await connection.createConfirmChannel();
  channel.publish(testEventsExchange(), event.type, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: event.id });
  await channel.waitForConfirms();
  await channel.close();
}

it('gives a member every payment attempt of theirs for Download my data, and no one else’s', async () => {
  const [member, other, admin] = await Promise.all([identity.signUp(), identity.signUp(), identity.logInAdmin()]);
  await payByCard(billing, member);

  const mineAnswer = await request(billing.url).get('/payments/mine').set('Authorization', `Bearer ${member.token}`).expect(200);
  expect(mineAnswer.headers['cache-control']).toBe('no-store');
  const mine = mineAnswer.body as MyPayments;
  expect(mine.payments).toEqual([
    {
      id: expect.any(String) as string,
      reference: paymentReference(String((await paymentsOf(billing.database, member.id))[0]!._id)),
      amount: 11988,
      currency: 'usd',
      promoCode: null,
      status: 'succeeded',
      createdAt: expect.any(String) as string,
      paidAt: expect.any(String) as string,
      refundedAt: null,
      refundPendingSince: null,
    },
  ]);
  expect(((await request(billing.url).get('/payments/mine').set('Authorization', `Bearer ${other.token}`).expect(200)).body as MyPayments).payments).toEqual(
    [],
  );
  await request(billing.url).get('/payments/mine').expect(401);
  await request(billing.url).get('/payments/mine').set('Authorization', `Bearer ${admin.token}`).expect(403);
});

it('keeps a deleted member’s payments for the books without their name and email, once however often told', async () => {
  const [member, admin] = await Promise.all([identity.signUp(), identity.logInAdmin()]);
  await startPayment(billing, member);
  const [payment] = await paymentsOf(billing.database, member.id);
  expect(payment).toMatchObject({ member: { email: member.email } });

  const deleted: EventEnvelope = {
    id: randomUUID(),
    type: 'user.deleted',
    version: 1,
    time: new Date().toISOString(),
    source: 'svc-identity',
    data: { userId: member.id, deletedAt: new Date().toISOString() },
  };
  await publish(deleted);
  await publish(deleted);
  await waitForDeliveriesDone(billing, accountDeletionQueue(billing.queueSuffix), 'user.deleted', 2);
  const [kept] = await paymentsOf(billing.database, member.id);
  expect(kept).toMatchObject({ _id: payment!._id, amount: 11988, userId: member.id, memberDeletedAt: expect.any(Date) as Date });
  expect(kept).not.toHaveProperty('member');

  await eventually(async () => {
    const list = (await request(billing.url).get('/payments').query({ status: 'open' }).set('Authorization', `Bearer ${admin.token}`).expect(200))
      .body as AdminOrdersResponse;
    return list.payments.some((row) => row.id === String(payment!._id) && row.member === null);
  });
  const bySearch = (await request(billing.url).get('/payments').query({ search: member.email }).set('Authorization', `Bearer ${admin.token}`).expect(200))
    .body as AdminOrdersResponse;
  expect(bySearch.total).toBe(0);
});
