import { connect } from 'amqplib';
import { eventually, metricsAt } from '@altmed/local-stack/src/testing';

/** svc-billing's queue for `user.deleted` (svc-billing/src/account-deletion), as the site runs it. */
const BILLING_QUEUE = `billing.user-deleted${process.env.EVENT_QUEUE_SUFFIX ?? ''}`;
const BILLING_URL = process.env.BILLING_URL ?? 'http://127.0.0.1:4003';

/** svc-billing's count of what it dead-lettered from its queue: a message that is not an event is counted as type `unknown`. */
const deadLettered = () => metricsAt(BILLING_URL).metrics.deliveries(BILLING_QUEUE, 'unknown', ['dead_lettered']);

it('a message svc-billing’s consumer cannot handle goes to its dead-letter queue, and its dead-letter metric counts it', async () => {
  const before = await deadLettered();
  const connection = await connect(process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
  try {
    const channel = await connection.createConfirmChannel();
    const { messageCount: waitingBefore } = await channel.checkQueue(`${BILLING_QUEUE}.dead-letter`);
    // Not an event envelope: no retry can help it, so the consumer dead-letters it at once.
    channel.sendToQueue(BILLING_QUEUE, Buffer.from(JSON.stringify({ not: 'an event' })), { persistent: true, contentType: 'application/json' });
    await channel.waitForConfirms();
    await eventually(async () => (await deadLettered()) === before + 1, 15_000, 'svc-billing’s dead-letter count did not rise by one');
    await eventually(
      async () => (await channel.checkQueue(`${BILLING_QUEUE}.dead-letter`)).messageCount === waitingBefore + 1,
      15_000,
      'the message did not reach the dead-letter queue',
    );
    // Takes its message back out where it is surely the one there, so the queue is left as it was.
    const taken = waitingBefore === 0 ? await channel.get(`${BILLING_QUEUE}.dead-letter`) : false;
    if (taken) channel.ack(taken);
  } finally {
    await connection.close();
  }
});
