import { randomUUID } from 'node:crypto';
import { connect, type ChannelModel } from 'amqplib';
import { trace } from '@opentelemetry/api';
import { Schema } from 'mongoose';
import pino from 'pino';
import type { EventEnvelope } from '@altmed/contracts';
import { eventually, testEventsExchange } from '@altmed/local-stack/src/testing';
import { EventBroker } from './broker';
import { connectDatabase, type Connection } from './mongo';
import { OutboxRelay, outboxFieldsFor, outboxSchemaFields, type WithOutbox } from './outbox';
import { currentTraceContext, startTracing } from './tracing';

const logger = pino({ level: 'silent' });
const run = randomUUID().slice(0, 8);
const type = `tracing-test.${run}`;
const tracer = trace.getTracer('tracing-test');
let connection: Connection;
let broker: EventBroker;
let listener: ChannelModel;

beforeAll(async () => {
  startTracing({ service: 'tracing-test' });
  connection = await connectDatabase(process.env.MONGO_URL!, `kit_tracing_${run}`);
  broker = new EventBroker({ url: process.env.AMQP_URL!, logger, exchange: testEventsExchange() });
  await broker.start();
  await eventually(() => broker.isConnected(), 15_000, 'the broker did not connect');
  listener = await connect(process.env.AMQP_URL!);
});

afterAll(async () => {
  await listener.close();
  await broker.close();
  await connection.dropDatabase();
  await connection.close();
});

async function listen(): Promise<EventEnvelope[]> {
  const channel = await listener.createChannel();
  await channel.assertExchange(testEventsExchange(), 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  await channel.bindQueue(queue, testEventsExchange(), type);
  const received: EventEnvelope[] = [];
  await channel.consume(queue, (message) => message && received.push(JSON.parse(message.content.toString()) as EventEnvelope), { noAck: true });
  return received;
}

const event = (data: Record<string, unknown>): EventEnvelope => ({
  id: randomUUID(),
  type,
  version: 1,
  time: new Date().toISOString(),
  source: 'tracing-test',
  data,
  ...currentTraceContext(),
});

it('keeps the trace of the request that wrote an event, and publishes the event in that trace', async () => {
  const model = connection.model<WithOutbox & { _id: string }>('Traced', new Schema({ _id: String, ...outboxSchemaFields }), 'traced');
  const received = await listen();
  const inRequest = tracer.startActiveSpan('POST /auth/signup', (span) => {
    span.end();
    return { traceId: span.spanContext().traceId, event: event({ name: 'in a request' }) };
  });
  const outside = event({ name: 'outside any request' });
  // Sampled or not (one in ten by default), the decision travels with the event.
  expect(inRequest.event.traceparent).toMatch(new RegExp(`^00-${inRequest.traceId}-[\\da-f]{16}-0[01]$`));
  expect(outside.traceparent).toBeUndefined();

  await model.create([
    { _id: 'in-request', ...outboxFieldsFor([inRequest.event]) },
    { _id: 'outside', ...outboxFieldsFor([outside]) },
  ]);
  // The relay runs outside any request: each publish must join its event's trace, not the relay's.
  const publishedIn = new Map<string, string | undefined>();
  const observed = {
    canPublish: () => broker.canPublish(),
    publish: (published: EventEnvelope) => {
      publishedIn.set(published.id, trace.getActiveSpan()?.spanContext().traceId);
      return broker.publish(published);
    },
  };
  const relay = new OutboxRelay({ broker: observed, models: [model], logger, intervalMs: 50 });
  relay.start();
  try {
    await eventually(() => received.length === 2, 10_000, 'both events were not published');
  } finally {
    await relay.stop();
  }
  expect(publishedIn.get(inRequest.event.id)).toBe(inRequest.traceId);
  expect(publishedIn.get(outside.id)).toBeUndefined();
  expect(received.find(({ id }) => id === inRequest.event.id)?.traceparent).toBe(inRequest.event.traceparent);
});
