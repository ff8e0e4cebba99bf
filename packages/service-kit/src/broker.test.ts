import { connect } from 'amqplib';
import { eventually, proxyFor } from '@altmed/local-stack/src/testing';
import { ConfigError, DEFAULT_RETRY_POLICY, EventBroker, consumerQueueNames, createLogger, retryDelayMs, retrySpanMs, retryTiersMs } from './index';

const logger = createLogger('broker-test', 'silent');

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
      const connection = await connect(process.env.AMQP_URL!);
      const channel = await connection.createChannel();
      const names = consumerQueueNames(queue, DEFAULT_RETRY_POLICY);
      for (const name of [names.work, names.deadLetter, ...names.delays.map((delay) => delay.queue)]) await channel.deleteQueue(name);
      await connection.close();
    }
  });
});
