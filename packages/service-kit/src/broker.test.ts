import { connect } from 'amqplib';
import { randomUUID } from 'node:crypto';
import { eventually, proxyFor, testEventsExchange } from '@altmed/local-stack/src/testing';
import { ConfigError, DEFAULT_RETRY_POLICY, EventBroker, createEvent, createLogger, retryDelayMs, retrySpanMs, retryTiersMs } from './index';
import { listeningForErrorsDuring } from './broker';

const logger = createLogger('broker-test', 'silent');

const signedUp = () => createEvent('user.signed_up', { userId: randomUUID(), email: 'ada@example.com', name: 'Ada', role: 'user' }, 'broker-test');

describe('the retry policy', () => {
  it('backs off exponentially up to its cap and, by default, keeps retrying for more than an hour', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((retry) => retryDelayMs(DEFAULT_RETRY_POLICY, retry));
    expect(delays).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
    expect(retrySpanMs(DEFAULT_RETRY_POLICY)).toBeGreaterThanOrEqual(60 * 60_000);
    // One delay queue per distinct delay: the cap repeats, so six queues serve twenty retries.
    expect(retryTiersMs(DEFAULT_RETRY_POLICY)).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000]);
  });

  it('is refused at start when its cap is below its first delay', () => {
    expect(() => new EventBroker({ url: 'amqp://127.0.0.1', logger, retry: { firstDelayMs: 5_000, maxDelayMs: 1_000, maxRetries: 3 } })).toThrow(ConfigError);
  });
});

describe('the broker connections', () => {
  it('publishes and consumes on separate connections, and opens only the publishing one without consumers', async () => {
    const { proxy, url } = await proxyFor(process.env.AMQP_URL!);
    const consuming = new EventBroker({ url, logger });
    const queue = `broker-test.${Date.now()}`;
    consuming.consume({ queue, eventTypes: ['broker-test.nothing'], handle: async () => undefined });
    const publishingOnly = new EventBroker({ url, logger });
    try {
      await consuming.start();
      await eventually(() => consuming.isConnected());
      expect(proxy.openConnections).toBe(2);
      await publishingOnly.start();
      await eventually(() => publishingOnly.isConnected());
      expect(proxy.openConnections).toBe(3);
    } finally {
      await consuming.close();
      await publishingOnly.close();
      await proxy.stop();
    }
  });
});

describe('a short-lived publisher (the seed)', () => {
  it('can publish as soon as publishingReady resolves', async () => {
    const exchange = testEventsExchange();
    // A queue bound to the type, so the broker routes the event (an unroutable one is refused).
    const listener = new EventBroker({ url: process.env.AMQP_URL!, logger, exchange });
    const queue = `broker-test.ready.${Date.now()}`;
    listener.consume({ queue, eventTypes: ['user.signed_up'], handle: async () => undefined });
    await listener.start();
    await eventually(() => listener.isConnected());
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const publisher = new EventBroker({ url: process.env.AMQP_URL!, logger, exchange });
        await publisher.start();
        try {
          await publisher.publishingReady();
          expect(publisher.canPublish()).toBe(true);
          await expect(publisher.publish(signedUp())).resolves.toBeUndefined();
        } finally {
          await publisher.close();
        }
      }
    } finally {
      await listener.close();
    }
  });
});

describe('an event only running instances hear (account.status_changed)', () => {
  it('is published though no queue is bound, while an unroutable event of another type is refused', async () => {
    const publisher = new EventBroker({ url: process.env.AMQP_URL!, logger, exchange: `${testEventsExchange()}.unbound` });
    await publisher.start();
    try {
      await publisher.publishingReady();
      const changed = createEvent('account.status_changed', { userId: randomUUID(), status: 'blocked', changedAt: new Date().toISOString() }, 'broker-test');
      await expect(publisher.publish(changed)).resolves.toBeUndefined();
      await expect(publisher.publish(signedUp())).rejects.toThrow('No queue is bound for user.signed_up yet');
    } finally {
      await publisher.close();
    }
  });
});

describe('a connection the broker closes while it is being set up', () => {
  it('is set up again, and the hard error is heard instead of ending the process', async () => {
    let attempts = 0;
    let ready = false;
    const heard: Error[] = [];
    const connection = await connect(process.env.AMQP_URL!, {
      recovery: {
        waitForConnect: false,
        initialDelay: 50,
        maxDelay: 100,
        maxRetries: Infinity,
        setup: listeningForErrorsDuring(
          async (model) => {
            attempts += 1;
            const channel = await model.createChannel();
            // An unknown exchange type is a connection error (503 COMMAND_INVALID): the broker closes the whole connection.
            if (attempts === 1) await channel.assertExchange(`broker-test.${Date.now()}`, 'x-no-such-type');
            ready = true;
          },
          (err) => heard.push(err),
        ),
      },
    });
    try {
      await eventually(() => ready, 10_000, 'the connection was not set up again');
      expect(attempts).toBe(2);
      expect(heard.map((err) => err.message)).toEqual([expect.stringMatching(/503|COMMAND.INVALID/i)]);
    } finally {
      await connection.close();
    }
  });
});
