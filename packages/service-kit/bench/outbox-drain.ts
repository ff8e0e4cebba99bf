/**
 * Outbox drain rate: N documents with one pending event each, published by an OutboxRelay to the
 * local RabbitMQ (with confirms, routed to a queue of its own) and popped from the local MongoDB.
 *
 *   npm run bench -w packages/service-kit
 *   BENCH_OUTBOX_DOCUMENTS=5000 BENCH_OUTBOX_CONCURRENCY=32 npm run bench -w packages/service-kit
 *
 * MONGO_URL and AMQP_URL name the servers (default: the local stack's ports); the database is its
 * own and dropped afterwards.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import { Schema } from 'mongoose';
import pino from 'pino';
import { EVENTS_EXCHANGE, type EventEnvelope } from '@altmed/contracts';
import { EventBroker } from '../src/broker';
import { connectDatabase } from '../src/mongo';
import { OutboxRelay, outboxFieldsFor, outboxSchemaFields, type WithOutbox } from '../src/outbox';

const documents = Number(process.env.BENCH_OUTBOX_DOCUMENTS ?? 1_000);
const concurrency = process.env.BENCH_OUTBOX_CONCURRENCY ? Number(process.env.BENCH_OUTBOX_CONCURRENCY) : undefined;
const mongoUrl = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017';
const amqpUrl = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const timeoutMs = Number(process.env.BENCH_OUTBOX_TIMEOUT_MS ?? 120_000);

async function main(): Promise<void> {
  const run = randomUUID().slice(0, 8);
  const type = `outbox-bench.${run}`;
  const logger = pino({ level: 'warn' });
  const connection = await connectDatabase(mongoUrl, `bench_outbox_${run}`);
  const listener = await connect(amqpUrl);
  const broker = new EventBroker({ url: amqpUrl, logger });
  let relay: OutboxRelay | undefined;
  try {
    const model = connection.model<WithOutbox & { _id: string }>('BenchDocument', new Schema({ _id: String, ...outboxSchemaFields }), 'documents');
    await model.init();
    const channel = await listener.createChannel();
    await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    await channel.bindQueue(queue, EVENTS_EXCHANGE, type);
    let received = 0;
    await channel.consume(queue, () => void (received += 1), { noAck: true });

    const event = (index: number): EventEnvelope => ({
      id: randomUUID(),
      type,
      version: 1,
      time: new Date().toISOString(),
      source: 'outbox-bench',
      data: { index },
    });
    for (let start = 0; start < documents; start += 500) {
      const slice = Array.from({ length: Math.min(500, documents - start) }, (_, offset) => ({
        _id: `doc-${start + offset}`,
        ...outboxFieldsFor([event(start + offset)]),
      }));
      await model.insertMany(slice);
    }
    await broker.start();
    const connectDeadline = Date.now() + 15_000;
    while (!broker.isConnected()) {
      if (Date.now() > connectDeadline) throw new Error(`the broker at ${amqpUrl} did not connect`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    relay = new OutboxRelay({ broker, models: [model], logger, ...(concurrency ? { concurrency } : {}) });
    const startedAt = performance.now();
    relay.start();
    const deadline = Date.now() + timeoutMs;
    while (relay.publishedCount < documents && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const seconds = (performance.now() - startedAt) / 1000;
    await relay.stop();
    const published = relay.publishedCount;
    const left = await model.countDocuments({ 'outbox.0': { $exists: true } });
    console.log(
      `outbox drain: ${published} of ${documents} events published and popped in ${seconds.toFixed(1)} s: ${Math.round(published / seconds)} events/s` +
        ` (concurrency ${concurrency ?? 'default'}; ${left} documents still pending; ${received} received)`,
    );
    if (published < documents) process.exitCode = 1;
  } finally {
    await relay?.stop();
    await broker.close();
    await listener.close();
    await connection.dropDatabase();
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
