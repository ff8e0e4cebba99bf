import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventEnvelope } from '@altmed/contracts';
import { eventually, sampleValue, testEventsExchange } from '@altmed/local-stack/src/testing';
import { EventBroker } from './broker';
import { createHttpApp, finishHttpApp } from './http';
import { BULK_CHANGE, KeptReadModel, idsNamedBy, type ReadModelIndex } from './kept-read-model';
import { createLogger } from './logger';
import { METRICS_PATH, ServiceMetrics } from './metrics';

const logger = createLogger('kept-read-model-test', 'silent');

interface Thing {
  _id: string;
  name: string;
}

/** The read model's index in a test: names by id, counting how it was built and changed. */
class Names implements ReadModelIndex<Thing> {
  readonly byId = new Map<string, string>();

  static async of(records: AsyncIterable<Thing>): Promise<Names> {
    const names = new Names();
    for await (const record of records) names.upsert(record);
    return names;
  }

  get size(): number {
    return this.byId.size;
  }

  upsert(record: Thing): void {
    this.byId.set(record._id, record.name);
  }

  remove(id: string): void {
    this.byId.delete(id);
  }

  memoryFigures() {
    return { entries: this.byId.size, approximateBytes: this.byId.size * 100 };
  }
}

/** Where the records are: a map standing in for the collection, with how often each read ran. */
class Store {
  readonly records = new Map<string, Thing>();
  fullReads = 0;
  readsById = 0;
  /** Holds full reads until opened (a database that is slow or away). */
  gate: Promise<void> = Promise.resolve();

  async *readAll(): AsyncGenerator<Thing> {
    await this.gate;
    this.fullReads += 1;
    yield* [...this.records.values()];
  }

  async readByIds(ids: readonly string[]): Promise<Thing[]> {
    this.readsById += 1;
    return ids.flatMap((id) => this.records.get(id) ?? []);
  }
}

const changed = (thingIds: string[]): EventEnvelope => ({
  id: randomUUID(),
  type: 'thing.changed',
  version: 1,
  time: new Date().toISOString(),
  source: 'kept-read-model-test',
  data: { thingIds },
});

describe('a kept read model', () => {
  const exchange = testEventsExchange();
  const brokers: EventBroker[] = [];
  const models: KeptReadModel<Thing, Names>[] = [];

  function keptOf(store: Store, { metrics, name = `things-${randomUUID().slice(0, 8)}` }: { metrics?: ServiceMetrics; name?: string } = {}) {
    const kept = new KeptReadModel<Thing, Names>(
      {
        name,
        eventTypes: ['thing.changed'],
        idsOf: (event) => idsNamedBy(event, 'thing'),
        readAll: () => store.readAll(),
        readByIds: (ids) => store.readByIds(ids),
        build: (records) => Names.of(records),
      },
      new Names(),
      { logger, metrics },
    );
    models.push(kept);
    return kept;
  }

  async function started(kept: KeptReadModel<Thing, Names>): Promise<EventBroker> {
    const broker = new EventBroker({ url: process.env.AMQP_URL!, logger, exchange });
    brokers.push(broker);
    kept.subscribe(broker);
    await broker.start();
    // start() answers once the broker is connecting; the tests publish at once, so wait for the publishing channel too.
    await broker.publishingReady();
    return broker;
  }

  afterAll(async () => {
    for (const kept of models) kept.stop();
    await Promise.all(brokers.map((broker) => broker.close()));
  });

  it('reads every record at start, then reads again by id the records each event names (one gone leaves it)', async () => {
    const store = new Store();
    store.records.set('a', { _id: 'a', name: 'Ada' });
    store.records.set('b', { _id: 'b', name: 'Bo' });
    const kept = keptOf(store);
    const broker = await started(kept);
    expect(await kept.warmUp()).toBe(2);
    expect(kept.index.byId.get('a')).toBe('Ada');

    store.records.set('a', { _id: 'a', name: 'Ada Lovelace' });
    store.records.delete('b');
    await broker.publish(changed(['a', 'b']));
    await eventually(() => kept.index.byId.get('a') === 'Ada Lovelace' && !kept.index.byId.has('b'));
    expect(store.fullReads).toBe(1);
  });

  it('shows this instance’s own write in its caller’s next answer', async () => {
    const store = new Store();
    const kept = keptOf(store);
    await started(kept);
    await kept.warmUp();
    store.records.set('c', { _id: 'c', name: 'Cy' });
    await kept.written(['c']);
    expect(kept.index.byId.get('c')).toBe('Cy');
  });

  it('answers a bulk change with one full read once the burst is over, not record by record', async () => {
    const store = new Store();
    const kept = keptOf(store);
    const broker = await started(kept);
    await kept.warmUp();
    const ids = Array.from({ length: BULK_CHANGE }, (_, n) => `bulk-${n}`);
    for (const id of ids) store.records.set(id, { _id: id, name: id });
    await broker.publish(changed(ids));
    await broker.publish(changed(ids));
    await eventually(() => kept.index.size === BULK_CHANGE, 10_000);
    expect(store.fullReads).toBe(2);
    expect(store.readsById).toBe(0);
  });

  it('read in the background: not read while its database holds the read, read once it answers', async () => {
    const store = new Store();
    store.records.set('d', { _id: 'd', name: 'Di' });
    let open!: () => void;
    store.gate = new Promise((resolve) => (open = resolve));
    const kept = keptOf(store);
    await started(kept);
    kept.readInBackground();
    expect(await kept.isRead(200)).toBe(false);
    open();
    expect(await kept.isRead(5_000)).toBe(true);
    expect(kept.index.byId.get('d')).toBe('Di');
  });

  it('reports its entries and memory in /metrics as its index stands', async () => {
    const store = new Store();
    store.records.set('e', { _id: 'e', name: 'Eve' });
    const metrics = new ServiceMetrics('kept-read-model-test');
    const name = `things-${randomUUID().slice(0, 8)}`;
    const kept = keptOf(store, { metrics, name });
    await started(kept);
    const app = finishHttpApp(createHttpApp({ logger, trustProxy: false, bodyLimit: '1kb', readiness: async () => ({}), metrics }));
    const scrape = async () => (await request(app).get(METRICS_PATH).expect(200)).text;
    const model = { unit: 'kept-read-model-test', model: name };
    expect(sampleValue(await scrape(), 'read_model_entries', model)).toBe(0);
    await kept.warmUp();
    expect(sampleValue(await scrape(), 'read_model_entries', model)).toBe(1);
    expect(sampleValue(await scrape(), 'read_model_bytes', model)).toBe(100);
  });
});
