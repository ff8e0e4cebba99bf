import { randomUUID } from 'node:crypto';
import { connect, type ChannelModel, type Options } from 'amqplib';
import { testEventsExchange } from '@altmed/local-stack/src/testing';
import { consumerQueueNames, declareConsumerQueues, deadLetterExchangeOf, type RetryPolicy } from './consumer-queues';

/**
 * The queue arguments every service declares, written out: what they mean must hold on the RabbitMQ the
 * tests run (Debian's 3.10) and on the 4.x of the images (docs/deploy.md, "What the code asks of
 * RabbitMQ"). Changing one is a migration (a queue redeclared with other arguments is refused with 406),
 * so this test fails first.
 */
const quorum = { 'x-queue-type': 'quorum', 'x-overflow': 'reject-publish', 'x-dead-letter-strategy': 'at-least-once' };
const policy: RetryPolicy = { firstDelayMs: 1_000, maxDelayMs: 2_000, maxRetries: 3 };

let connection: ChannelModel;
const exchange = testEventsExchange();

beforeAll(async () => {
  connection = await connect(process.env.AMQP_URL!);
});

afterAll(async () => {
  await connection.close();
});

/** Whether the broker holds `queue` with exactly these options: a declaration that differs is refused (406) and closes its channel. */
async function declaredWith(queue: string, options: Options.AssertQueue): Promise<boolean> {
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  try {
    await channel.assertQueue(queue, options);
    await channel.close();
    return true;
  } catch {
    return false;
  }
}

it('declares a consumer’s work, delay and dead-letter queues as quorum queues with these arguments and no others', async () => {
  const queue = `queue-arguments.${randomUUID().slice(0, 8)}`;
  const names = consumerQueueNames(queue, policy);
  const channel = await connection.createChannel();
  await declareConsumerQueues(channel, queue, ['queue-arguments.tested'], policy, exchange);
  await channel.close();
  const expected: Array<[string, Record<string, unknown>]> = [
    [names.work, { ...quorum, 'x-dead-letter-exchange': deadLetterExchangeOf(exchange), 'x-dead-letter-routing-key': queue }],
    [names.deadLetter, quorum],
    [`${queue}.retry-1000ms`, { ...quorum, 'x-message-ttl': 1_000, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue }],
    [`${queue}.retry-2000ms`, { ...quorum, 'x-message-ttl': 2_000, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue }],
  ];
  expect(names.delays.map((delay) => delay.queue)).toEqual([`${queue}.retry-1000ms`, `${queue}.retry-2000ms`]);
  for (const [name, args] of expected) {
    expect({ name, declared: await declaredWith(name, { durable: true, arguments: args }) }).toEqual({ name, declared: true });
  }
  // The broker compares what it holds: an argument more (4.x's default delivery limit set by hand) is another queue.
  expect(await declaredWith(names.work, { durable: true, arguments: { ...expected[0]![1], 'x-delivery-limit': 20 } })).toBe(false);
});
