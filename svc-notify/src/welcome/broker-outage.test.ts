import { randomUUID } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import { EventBroker, OutboxRelay, ServiceMetrics, createEvent, createLogger, outboxFieldsFor, outboxSchemaFields, type WithOutbox } from '@altmed/service-kit';
import {
  dropDatabase,
  emailsTo,
  eventually,
  listEmails,
  proxyFor,
  sleep,
  testEventsExchange,
  waitForDeliveriesDone,
  waitForEmailsTo,
} from '@altmed/local-stack/src/testing';
import { startTestNotify } from '../test/test-service';

/**
 * Sign-up as svc-identity does it, through the service kit: the user and its user.signed_up event
 * are one write (the event waits in the document's outbox), and the relay publishes it when it can.
 */
async function startProducer(amqpUrl: string) {
  const database = `notify_producer_test_${randomUUID().slice(0, 8)}`;
  const connection = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: database }).asPromise();
  const users = connection.model<{ _id: string; email: string } & WithOutbox>(
    'User',
    new Schema({ _id: String, email: String, ...outboxSchemaFields }, { versionKey: false }),
  );
  const logger = createLogger('test-producer', 'silent');
  const metrics = new ServiceMetrics('test-producer');
  const broker = new EventBroker({ url: amqpUrl, logger, exchange: testEventsExchange(), metrics });
  await broker.start();
  const relay = new OutboxRelay({ broker, models: [users], logger, intervalMs: 200 });
  relay.start();
  return {
    broker,
    /** Events the broker confirmed (and routed to a queue). */
    published: (type: string) => metrics.eventsPublished(type),
    async signUp(email: string): Promise<string> {
      const userId = randomUUID();
      const event = createEvent('user.signed_up', { userId, name: 'Ada Lovelace', email, role: 'user' }, 'svc-identity');
      await users.create({ _id: userId, email, ...outboxFieldsFor([event]) });
      relay.nudge();
      return userId;
    },
    pendingEvents: async () => (await users.find().lean()).reduce((sum, user) => sum + user.outbox.length, 0),
    async stop() {
      await relay.stop();
      await broker.close();
      await connection.close();
      await dropDatabase(database);
    },
  };
}

describe('while RabbitMQ is away', () => {
  it('holds the sign-up event in the outbox and delivers its welcome email once RabbitMQ is back', async () => {
    const { proxy, url } = await proxyFor(process.env.AMQP_URL!);
    const notify = await startTestNotify({ AMQP_URL: url });
    const producer = await startProducer(url);
    try {
      await eventually(() => producer.broker.isConnected());
      await proxy.cut();
      await eventually(async () => (await fetch(`${notify.url}/readyz`)).status === 503, 15_000, 'svc-notify should not be ready without the broker');

      const email = `ada.${randomUUID().slice(0, 8)}@example.com`;
      await producer.signUp(email);
      // What is tested is an outage that lasts through the relay's passes (every 200 ms). While the
      // broker is away a pass skips or fails and backs off, and nothing else changes that a test
      // could wait for: the outage lasts a fixed while.
      await sleep(1_500);
      expect(await producer.pendingEvents()).toBe(1);
      expect(emailsTo(await listEmails(), email)).toHaveLength(0);

      await proxy.restore();
      await waitForEmailsTo(email, 1, 30_000);
      await eventually(async () => (await producer.pendingEvents()) === 0);
      // svc-notify is done with every copy the relay published (more than one if a publish was retried).
      await waitForDeliveriesDone(notify, notify.queue, 'user.signed_up', await producer.published('user.signed_up'));
      expect(emailsTo(await listEmails(), email)).toHaveLength(1);
    } finally {
      await producer.stop();
      await notify.stop();
      await proxy.stop();
    }
  });
});
