import { randomUUID } from 'node:crypto';
import { connect, type ConfirmChannel, type ChannelModel } from 'amqplib';
import { EVENTS_EXCHANGE, type EventEnvelope } from '@altmed/contracts';
import type { RunningService } from '@altmed/service-kit';
import { eventually, startServiceUnderTest, type ServiceUnderTest } from '@altmed/local-stack/src/testing';
import { loadNotifyConfig } from '../config';
import { startNotifyService } from '../service';

export interface TestNotify extends ServiceUnderTest<RunningService> {
  /** The welcome consumer's queue; its dead-letter queue is `<queue>.dead-letter`. */
  queue: string;
}

/** A real svc-notify with its own database and its own queues on the local stack. */
export async function startTestNotify(env: Record<string, string> = {}): Promise<TestNotify> {
  const notify = await startServiceUnderTest({
    databasePrefix: 'notify',
    start: (serviceEnv) => startNotifyService(loadNotifyConfig(serviceEnv)),
    env,
  });
  const queue = `notify.user-signed-up${notify.queueSuffix}`;
  return {
    ...notify,
    queue,
    async stop() {
      await notify.stop();
      const connection = await connect(process.env.AMQP_URL!);
      const channel = await connection.createChannel();
      await channel.deleteQueue(queue);
      await channel.deleteQueue(`${queue}.dead-letter`);
      await connection.close();
    },
  };
}

/** Publishes raw bytes or an envelope to the events exchange, as a producer's relay would. */
export class TestPublisher {
  private constructor(
    private readonly connection: ChannelModel,
    readonly channel: ConfirmChannel,
  ) {}

  static async open(): Promise<TestPublisher> {
    const connection = await connect(process.env.AMQP_URL!);
    const channel = await connection.createConfirmChannel();
    return new TestPublisher(connection, channel);
  }

  async publish(routingKey: string, body: EventEnvelope | string, messageId = randomUUID()): Promise<void> {
    const content = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    this.channel.publish(EVENTS_EXCHANGE, routingKey, content, { persistent: true, messageId });
    await this.channel.waitForConfirms();
  }

  /** Waits until `count` messages sit in the queue, then takes them. */
  async takeFrom(queue: string, count: number, timeoutMs = 15_000): Promise<string[]> {
    const taken: string[] = [];
    await eventually(
      async () => {
        const message = await this.channel.get(queue, { noAck: true });
        if (message) taken.push(message.content.toString());
        return taken.length >= count;
      },
      timeoutMs,
      `Expected ${count} message(s) in ${queue}`,
    );
    return taken;
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}

export function signedUpEvent(overrides: Partial<{ id: string; email: string; name: string }> = {}): EventEnvelope {
  return {
    id: overrides.id ?? randomUUID(),
    type: 'user.signed_up',
    version: 1,
    time: new Date().toISOString(),
    source: 'svc-identity',
    data: {
      userId: randomUUID(),
      name: overrides.name ?? 'Grace Hopper',
      email: overrides.email ?? `grace.${randomUUID().slice(0, 8)}@example.com`,
      role: 'user',
    },
  };
}
