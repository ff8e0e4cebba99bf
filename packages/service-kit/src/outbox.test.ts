import { randomUUID } from 'node:crypto';
import { connect, type ChannelModel } from 'amqplib';
import { Schema, type Model } from 'mongoose';
import pino from 'pino';
import type { EventEnvelope } from '@altmed/contracts';
import { eventually, testEventsExchange } from '@altmed/local-stack/src/testing';
import { EventBroker } from './broker';
import { connectDatabase, type Connection } from './mongo';
import { OutboxRelay, outboxFieldsFor, outboxSchemaFields, withEvents, type WithOutbox } from './outbox';

interface OrderDocument extends WithOutbox {
  _id: string;
  name?: string;
  updatedAt?: Date;
}

const logger = pino({ level: 'silent' });
const run = randomUUID().slice(0, 8);
let connection: Connection;
let broker: EventBroker;
let listenerConnection: ChannelModel;

beforeAll(async () => {
  connection = await connectDatabase(process.env.MONGO_URL!, `kit_outbox_${run}`);
  broker = new EventBroker({ url: process.env.AMQP_URL!, logger, exchange: testEventsExchange() });
  await broker.start();
  await eventually(() => broker.isConnected(), 15_000, 'the broker did not connect');
  listenerConnection = await connect(process.env.AMQP_URL!);
});

afterAll(async () => {
  await listenerConnection.close();
  await broker.close();
  await connection.dropDatabase();
  await connection.close();
});

let models = 0;
async function makeModel({ timestamps = false } = {}): Promise<Model<OrderDocument>> {
  models += 1;
  const model = connection.model<OrderDocument>(
    `Order${models}`,
    new Schema<OrderDocument>({ _id: String, name: String, ...outboxSchemaFields }, { timestamps }),
    `orders_${models}`,
  );
  await model.init();
  return model;
}

/** Each test publishes event types of its own, so only its events reach its queue. */
const eventType = (name: string) => `outbox-test.${run}.${name}`;

function event(type: string, data: Record<string, unknown>): EventEnvelope {
  return { id: randomUUID(), type, version: 1, time: new Date().toISOString(), source: 'outbox-test', data };
}

/** A private queue bound to `types` that collects what arrives. */
async function listen(types: string[]): Promise<EventEnvelope[]> {
  const channel = await listenerConnection.createChannel();
  await channel.assertExchange(testEventsExchange(), 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  for (const type of types) await channel.bindQueue(queue, testEventsExchange(), type);
  const received: EventEnvelope[] = [];
  await channel.consume(queue, (message) => message && received.push(JSON.parse(message.content.toString()) as EventEnvelope), { noAck: true });
  return received;
}

const claimsOf = (model: Model<OrderDocument>) => model.db.collection<{ _id: string; relay: string; until: Date }>('outbox_claims');
const pendingDocuments = (model: Model<OrderDocument>) => model.countDocuments({ 'outbox.0': { $exists: true } });
const dueDocuments = (model: Model<OrderDocument>) => model.countDocuments({ outboxDueAt: { $exists: true } });

it('drains 1,000 documents with pending events, each document’s events in order', async () => {
  const model = await makeModel();
  const type = eventType('drain');
  const received = await listen([type]);
  const documents = Array.from({ length: 1_000 }, (_, index) => {
    const _id = `order-${index}`;
    const events = Array.from({ length: (index % 2) + 1 }, (_, sequence) => event(type, { document: _id, sequence }));
    return { _id, ...outboxFieldsFor(events) };
  });
  const total = documents.reduce((sum, document) => sum + document.outbox.length, 0);
  await model.insertMany(documents);

  const retryWarnings: string[] = [];
  const warnings = pino({ level: 'warn' }, { write: (line: string) => void retryWarnings.push(line) });
  const relay = new OutboxRelay({ broker, models: [model], logger: warnings });
  relay.start();
  try {
    // FerretDB writes one pop at a time, tens of milliseconds each on a busy machine: wait for the
    // relay's count (no load on the database), then look at the documents.
    await eventually(() => relay.publishedCount >= total, 240_000, 'the outbox did not drain', 500);
  } finally {
    await relay.stop();
  }

  expect(await pendingDocuments(model)).toBe(0);
  expect(await dueDocuments(model)).toBe(0);
  await eventually(() => received.length >= total, 10_000, `received ${received.length} of ${total} events`);
  // At least once: an event is sent again only after a failure the relay logged (a confirm that
  // came later than the publish timeout on a busy machine); otherwise exactly once.
  const firsts = new Map(received.map((entry) => [entry.id, entry] as const));
  expect(firsts.size).toBe(total);
  expect(received.length - total).toBeLessThanOrEqual(retryWarnings.length);
  const sequences = new Map<string, number[]>();
  for (const entry of firsts.values()) {
    const { document, sequence } = entry.data as { document: string; sequence: number };
    sequences.set(document, [...(sequences.get(document) ?? []), sequence]);
  }
  expect(sequences.size).toBe(1_000);
  for (const [document, seen] of sequences) expect({ document, seen }).toEqual({ document, seen: Array.from({ length: seen.length }, (_, index) => index) });
}, 300_000);

it('backs off an unroutable document (stored, so across restarts) without holding back the rest, and publishes it once a queue is bound', async () => {
  const model = await makeModel();
  const goodType = eventType('good');
  const unroutableType = eventType('unroutable');
  const received = await listen([goodType]);
  // The unroutable document is the oldest, so it is the first one every pass picks.
  await model.create({
    _id: 'unroutable',
    outbox: [event(unroutableType, { n: 1 }), event(goodType, { after: 'unroutable' })],
    outboxDueAt: new Date(Date.now() - 60_000),
  });
  await model.insertMany(Array.from({ length: 200 }, (_, index) => ({ _id: `good-${index}`, ...outboxFieldsFor([event(goodType, { index })]) })));

  const delaysAsked: number[] = [];
  const retryDelayMs = (attempt: number) => {
    delaysAsked.push(attempt);
    return Math.min(200 * 2 ** (attempt - 1), 800);
  };
  let relay = new OutboxRelay({ broker, models: [model], logger, concurrency: 2, retryDelayMs });
  relay.start();
  try {
    await eventually(async () => (await pendingDocuments(model)) === 1, 60_000, 'the good documents did not drain', 100);
    const stuck = await model.findById('unroutable').lean<OrderDocument>();
    expect(stuck?.outbox).toHaveLength(2);
    expect(stuck?.outboxAttempts).toBeGreaterThanOrEqual(1);
    expect(received.filter((entry) => (entry.data as { after?: string }).after)).toHaveLength(0);

    // Retried later, each time with the next attempt's delay …
    await eventually(() => delaysAsked.length >= 3, 10_000, 'the unroutable document was not retried');
    await relay.stop();
    // … and a new relay (a restart) carries on from the attempt count stored in the document.
    const attemptsBeforeRestart = (await model.findById('unroutable').lean<OrderDocument>())?.outboxAttempts ?? 0;
    expect(delaysAsked).toEqual(Array.from({ length: attemptsBeforeRestart }, (_, index) => index + 1));
    relay = new OutboxRelay({ broker, models: [model], logger, concurrency: 2, retryDelayMs });
    relay.start();
    await eventually(() => delaysAsked.length > attemptsBeforeRestart, 10_000, 'not retried after the restart');
    expect(delaysAsked[attemptsBeforeRestart]).toBe(attemptsBeforeRestart + 1);

    // Once a queue takes the event, the document goes out in order and leaves the queue.
    const late = await listen([unroutableType, goodType]);
    await eventually(async () => (await pendingDocuments(model)) === 0, 15_000, 'the unroutable document was not published once routable');
    expect(late.map((entry) => entry.type)).toEqual([unroutableType, goodType]);
    expect(await model.findById('unroutable').lean<OrderDocument>()).not.toHaveProperty('outboxDueAt');
    expect(await dueDocuments(model)).toBe(0);
  } finally {
    await relay.stop();
  }
}, 120_000);

it('a publish that hangs ties up one slot, not the relay', async () => {
  const model = await makeModel();
  const goodType = eventType('flowing');
  const hangingType = eventType('hanging');
  const received = await listen([goodType, hangingType]);
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  // The real broker, except that the hanging event's publish waits (as under a blocked connection) until released.
  const slowBroker = {
    canPublish: () => broker.canPublish(),
    publish: async (entry: EventEnvelope) => {
      if (entry.type === hangingType) await released;
      await broker.publish(entry);
    },
  };
  await model.create({
    _id: 'hanging',
    outbox: [event(hangingType, { n: 1 }), event(goodType, { after: 'hanging' })],
    outboxDueAt: new Date(Date.now() - 60_000),
  });
  await model.insertMany(Array.from({ length: 100 }, (_, index) => ({ _id: `flowing-${index}`, ...outboxFieldsFor([event(goodType, { index })]) })));

  const relay = new OutboxRelay({ broker: slowBroker, models: [model], logger, concurrency: 4 });
  relay.start();
  try {
    await eventually(async () => (await pendingDocuments(model)) === 1, 60_000, 'the other documents waited for the hanging one', 100);
    expect(received).toHaveLength(100);
    release();
    await eventually(async () => (await pendingDocuments(model)) === 0, 15_000, 'the released document was not published');
    expect(received.slice(100).map((entry) => entry.type)).toEqual([hangingType, goodType]);
  } finally {
    release();
    await relay.stop();
  }
}, 120_000);

it('an event added to an existing document goes out after the ones already waiting', async () => {
  const model = await makeModel();
  const type = eventType('update');
  const received = await listen([type]);
  const relay = new OutboxRelay({ broker, models: [model], logger });
  await model.create({ _id: 'order', name: 'first', ...outboxFieldsFor([event(type, { step: 1 })]) });
  await model.updateOne({ _id: 'order' }, withEvents<OrderDocument>({ $set: { name: 'second' } }, [event(type, { step: 2 }), event(type, { step: 3 })]));
  const written = await model.findById('order').lean<OrderDocument>();
  expect(written?.name).toBe('second');
  expect(written?.outbox.map((entry) => entry.data)).toEqual([{ step: 1 }, { step: 2 }, { step: 3 }]);

  relay.start();
  try {
    await eventually(async () => (await dueDocuments(model)) === 0, 15_000, 'the document did not drain');
    await eventually(() => received.length === 3);
    expect(received.map((entry) => entry.data)).toEqual([{ step: 1 }, { step: 2 }, { step: 3 }]);
  } finally {
    await relay.stop();
  }
});

it('leaves the time a document was last changed alone: its events going out is not a change', async () => {
  const model = await makeModel({ timestamps: true });
  const type = eventType('timestamps');
  const received = await listen([type]);
  await model.create({ _id: 'order', name: 'first', ...outboxFieldsFor([event(type, { step: 1 }), event(type, { step: 2 })]) });
  const written = await model.findById('order').lean<OrderDocument>();
  const relay = new OutboxRelay({ broker, models: [model], logger });
  relay.start();
  try {
    await eventually(async () => (await dueDocuments(model)) === 0, 15_000, 'the document did not drain');
  } finally {
    await relay.stop();
  }
  await eventually(() => received.length === 2);
  expect((await model.findById('order').lean<OrderDocument>())?.updatedAt).toEqual(written?.updatedAt);
});

it('two relays on one database publish every event once, each document’s events in order', async () => {
  const model = await makeModel();
  const type = eventType('two-relays');
  const received = await listen([type]);
  const documents = Array.from({ length: 300 }, (_, index) => {
    const _id = `shared-${index}`;
    return { _id, ...outboxFieldsFor(Array.from({ length: 3 }, (_, sequence) => event(type, { document: _id, sequence }))) };
  });
  await model.insertMany(documents);

  const retryWarnings: string[] = [];
  const warnings = pino({ level: 'warn' }, { write: (line: string) => void retryWarnings.push(line) });
  const relays = [new OutboxRelay({ broker, models: [model], logger: warnings }), new OutboxRelay({ broker, models: [model], logger: warnings })];
  for (const relay of relays) relay.start();
  try {
    await eventually(() => relays[0]!.publishedCount + relays[1]!.publishedCount >= 900, 240_000, 'the outbox did not drain', 500);
  } finally {
    await Promise.all(relays.map((relay) => relay.stop()));
  }

  // Both relays took part, and no event went out twice but after a failure a relay logged.
  expect(relays.map((relay) => relay.publishedCount).every((count) => count > 0)).toBe(true);
  expect(relays[0]!.publishedCount + relays[1]!.publishedCount - 900).toBeLessThanOrEqual(retryWarnings.length);
  expect(await pendingDocuments(model)).toBe(0);
  expect(await claimsOf(model).countDocuments({ _id: { $regex: `^${model.collection.name}:` } })).toBe(0);
  await eventually(() => received.length >= 900, 10_000, `received ${received.length} of 900 events`);
  const bySequence = new Map<string, number[]>();
  for (const entry of received) {
    const { document, sequence } = entry.data as { document: string; sequence: number };
    bySequence.set(document, [...(bySequence.get(document) ?? []), sequence]);
  }
  expect(bySequence.size).toBe(300);
  for (const [document, seen] of bySequence) expect({ document, seen }).toEqual({ document, seen: [0, 1, 2] });
}, 300_000);

it('leaves a document another relay holds alone until that relay’s claim runs out', async () => {
  const model = await makeModel();
  const type = eventType('claimed');
  const received = await listen([type]);
  // The held document is due first: a relay taking one document at a time tries it before the free one.
  await model.create({ _id: 'held', ...outboxFieldsFor([event(type, { n: 1 })]), outboxDueAt: new Date(Date.now() - 1_000) });
  await model.create({ _id: 'free', ...outboxFieldsFor([event(type, { n: 2 })]) });
  const claimKey = `${model.collection.name}:held`;
  await claimsOf(model).insertOne({ _id: claimKey, relay: 'a relay that died', until: new Date(Date.now() + 3_000) });
  const relay = new OutboxRelay({ broker, models: [model], logger, intervalMs: 200, concurrency: 1 });
  relay.start();
  try {
    // The free document's event arrives once the relay has been to the held one: it must have left it alone.
    await eventually(() => received.some((entry) => (entry.data as { n: number }).n === 2), 15_000, 'the free document was not published');
    expect(received.map((entry) => entry.data)).toEqual([{ n: 2 }]);
    await eventually(async () => (await pendingDocuments(model)) === 0, 15_000, 'the document was not taken over after the claim ran out');
    await eventually(() => received.length >= 2, 10_000, 'the held document’s event did not arrive');
    expect(received.map((entry) => entry.data)).toEqual([{ n: 2 }, { n: 1 }]);
    // The relay lets go of its claim after it popped the last event: a moment after the event arrived.
    await eventually(async () => (await claimsOf(model).findOne({ _id: claimKey })) === null, 5_000, 'the relay kept its claim');
  } finally {
    await relay.stop();
  }
});

it('polls less and less while nothing is due, and at its first pace again once nudged or an event turns up', async () => {
  const model = await makeModel();
  const type = eventType('idle');
  const received = await listen([type]);
  let fetches = 0;
  model.schema.pre('find', () => void (fetches += 1));
  const relay = new OutboxRelay({ broker, models: [model], logger, intervalMs: 50, idleIntervalMs: 400 });
  relay.start();
  try {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // At a steady 50 ms that is 40 fetches; backing off (50, 100, 200, 400, 400 …) about 8.
    expect(fetches).toBeLessThan(12);
    // A document written by another process, with no nudge, is found by a poll at the longest interval.
    const writtenAt = Date.now();
    await model.create({ _id: 'by-another-process', ...outboxFieldsFor([event(type, { n: 1 })]) });
    await eventually(() => received.length === 1, 5_000, 'the poll did not find the document');
    expect(Date.now() - writtenAt).toBeLessThan(1_500);
    // A nudge after a write publishes at once, whatever the poll's pace.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await model.create({ _id: 'nudged', ...outboxFieldsFor([event(type, { n: 2 })]) });
    const nudgedAt = Date.now();
    relay.nudge();
    await eventually(() => received.length === 2, 5_000, 'the nudged document was not published');
    expect(Date.now() - nudgedAt).toBeLessThan(300);
  } finally {
    await relay.stop();
  }
});

it('comes back for a document backing off when it is due, whatever the polls’ pace', async () => {
  const model = await makeModel();
  const type = eventType('due-later');
  const received = await listen([type]);
  let fetches = 0;
  model.schema.pre('find', () => void (fetches += 1));
  const dueAt = Date.now() + 1_500;
  await model.create({ _id: 'backing-off', ...outboxFieldsFor([event(type, { n: 1 })]), outboxDueAt: new Date(dueAt) });
  // Polls a minute apart: only the due time the first pass saw can bring the relay back within the test.
  const relay = new OutboxRelay({ broker, models: [model], logger, intervalMs: 60_000, idleIntervalMs: 60_000 });
  relay.start();
  try {
    await eventually(() => received.length === 1, 10_000, 'the document was not published once due');
    expect(Date.now()).toBeGreaterThanOrEqual(dueAt);
    expect(fetches).toBeLessThanOrEqual(3);
  } finally {
    await relay.stop();
  }
});
