import { connect } from 'amqplib';
import type { EventEnvelope } from '@altmed/contracts';

/** This test file's events exchange (jest-exchange-per-file.ts names it): publish to it and bind test queues on it. */
export function testEventsExchange(): string {
  const exchange = process.env.EVENTS_EXCHANGE;
  if (!exchange) throw new Error('EVENTS_EXCHANGE is not set: run service tests with the jest config of tools/jest-node-config.js (localStack)');
  return exchange;
}

export interface EventListener<TData = unknown> {
  /** Every envelope of the kept types received so far, in order. */
  received: EventEnvelope<TData>[];
  close: () => Promise<void>;
}

/**
 * A private queue on this test file's exchange, bound to `types`, that collects the envelopes of the
 * `kept` types (all of `types` unless told). A type bound but not kept still gets a queue: a user's
 * events leave its outbox in order, and an unroutable one would hold back the next. Other files'
 * poison messages (not JSON) are dropped.
 */
export async function listenForEvents<TData = unknown>(types: string[], kept: string[] = types): Promise<EventListener<TData>> {
  const connection = await connect(process.env.AMQP_URL!);
  const channel = await connection.createChannel();
  await channel.assertExchange(testEventsExchange(), 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  for (const type of types) await channel.bindQueue(queue, testEventsExchange(), type);
  const received: EventEnvelope<TData>[] = [];
  await channel.consume(
    queue,
    (message) => {
      if (!message || !kept.includes(message.fields.routingKey)) return;
      try {
        received.push(JSON.parse(message.content.toString()) as EventEnvelope<TData>);
      } catch {
        // not an envelope: another file's poison message
      }
    },
    { noAck: true },
  );
  return { received, close: () => connection.close() };
}
