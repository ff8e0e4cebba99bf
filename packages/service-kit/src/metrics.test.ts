import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventEnvelope } from '@altmed/contracts';
import { eventually, sampleValue, testEventsExchange } from '@altmed/local-stack/src/testing';
import { EventBroker, PoisonMessageError } from './broker';
import { createHttpApp, finishHttpApp } from './http';
import { createLogger } from './logger';
import { METRICS_PATH, ServiceMetrics } from './metrics';

const logger = createLogger('metrics-test', 'silent');

const signedUp = (marker: string): EventEnvelope => ({
  id: randomUUID(),
  type: 'user.signed_up',
  version: 1,
  time: new Date().toISOString(),
  source: 'metrics-test',
  data: { marker },
});

describe('the metrics of a unit', () => {
  it('report each read model’s entries and approximate bytes as they are at the scrape', async () => {
    const metrics = new ServiceMetrics('metrics-test');
    const held = { entries: 3, approximateBytes: 1_200 };
    metrics.readModel('search', () => ({ ...held }));
    metrics.readModel('queue', () => ({ entries: 0, approximateBytes: 0 }));
    const app = createHttpApp({ logger, trustProxy: false, bodyLimit: '10kb', readiness: async () => ({}), metrics });
    finishHttpApp(app);
    const scrape = async () => (await request(app).get(METRICS_PATH).expect(200)).text;

    let text = await scrape();
    expect(sampleValue(text, 'read_model_entries', { unit: 'metrics-test', model: 'search' })).toBe(3);
    expect(sampleValue(text, 'read_model_bytes', { unit: 'metrics-test', model: 'search' })).toBe(1_200);
    expect(sampleValue(text, 'read_model_entries', { unit: 'metrics-test', model: 'queue' })).toBe(0);
    held.entries = 5;
    held.approximateBytes = 2_000;
    text = await scrape();
    expect(sampleValue(text, 'read_model_entries', { unit: 'metrics-test', model: 'search' })).toBe(5);
    expect(sampleValue(text, 'read_model_bytes', { unit: 'metrics-test', model: 'search' })).toBe(2_000);
  });

  it('time requests by route pattern, never by the raw path, and are served in Prometheus’ format', async () => {
    const metrics = new ServiceMetrics('metrics-test');
    const app = createHttpApp({ logger, trustProxy: false, bodyLimit: '10kb', readiness: async () => ({}), metrics });
    app.get('/things/:id', (_req, res) => void res.json({ ok: true }));
    finishHttpApp(app);
    await request(app).get('/things/4f1c2a').expect(200);
    await request(app).get('/things/secret-id-9').expect(200);
    await request(app).get('/nowhere/abc').expect(404);

    const answer = await request(app).get(METRICS_PATH).expect(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const requests = (route: string, status: string) =>
      sampleValue(answer.text, 'http_request_duration_seconds_count', { unit: 'metrics-test', method: 'GET', route, status_code: status });
    expect(requests('/things/:id', '200')).toBe(2);
    expect(requests('unmatched', '404')).toBe(1);
    expect(answer.text).not.toMatch(/4f1c2a|secret-id-9|nowhere/);
    expect(answer.text).toContain('process_cpu_seconds_total');
    // The runtime the unit runs on (the project's Node.js 24 under npm start, npm test and the images).
    const [major] = process.versions.node.split('.');
    expect(sampleValue(answer.text, 'nodejs_version_info', { unit: 'metrics-test', version: process.version, major: major! })).toBe(1);
    expect(sampleValue(answer.text, 'outbox_pending_documents', { unit: 'metrics-test' })).toBe(0);
  });

  it('count events published and what became of each delivery, by queue, type and outcome', async () => {
    const metrics = new ServiceMetrics('metrics-test');
    const exchange = testEventsExchange();
    const queue = `metrics-test.${randomUUID().slice(0, 8)}`;
    const retry = { firstDelayMs: 100, maxDelayMs: 100, maxRetries: 1 };
    const broker = new EventBroker({ url: process.env.AMQP_URL!, logger, exchange, retry, metrics });
    const failuresLeft = new Map([['fails once', 1]]);
    broker.consume({
      queue,
      eventTypes: ['user.signed_up'],
      handle: async (event) => {
        const { marker } = event.data as { marker: string };
        if (marker === 'poison') throw new PoisonMessageError('never valid');
        if (marker === 'always fails') throw new Error('still down');
        const left = failuresLeft.get(marker) ?? 0;
        failuresLeft.set(marker, left - 1);
        if (left > 0) throw new Error('down for a moment');
      },
    });
    // The consumer's series are there, at 0, before anything is delivered.
    const before = await metrics.registry.metrics();
    expect(sampleValue(before, 'events_consumed_total', { queue, type: 'user.signed_up', outcome: 'dead_lettered' })).toBe(0);
    try {
      await broker.start();
      await eventually(() => broker.isConnected());
      for (const marker of ['fine', 'fails once', 'poison', 'always fails']) await broker.publish(signedUp(marker));
      // fine: handled; fails once: retried, handled; poison: dead-lettered; always fails: retried, dead-lettered. Four finish.
      await eventually(async () => (await metrics.deliveries(queue, 'user.signed_up')) === 4, 20_000);
      expect(await metrics.deliveries(queue, 'user.signed_up', ['retried'])).toBe(2);
      const text = await metrics.registry.metrics();
      const count = (outcome: string) => sampleValue(text, 'events_consumed_total', { queue, type: 'user.signed_up', outcome });
      expect({ handled: count('handled'), retried: count('retried'), deadLettered: count('dead_lettered') }).toEqual({
        handled: 2,
        retried: 2,
        deadLettered: 2,
      });
      expect(sampleValue(text, 'events_published_total', { type: 'user.signed_up' })).toBe(4);
    } finally {
      await broker.close();
    }
  }, 30_000);
});
