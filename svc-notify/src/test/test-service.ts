import { randomUUID } from 'node:crypto';
import { connect, type ConfirmChannel, type ChannelModel } from 'amqplib';
import { EventCatalog, type EventEnvelope } from '@altmed/contracts';
import type { RunningService } from '@altmed/service-kit';
import { eventually, startServiceUnderTest, type ServiceUnderTest, testEventsExchange } from '@altmed/local-stack/src/testing';
import { loadNotifyConfig } from '../config';
import { startNotifyService } from '../service';
import { welcomeQueue } from '../welcome/user-signed-up.handler';
import { providerRegisteredQueue } from '../providers/provider-registered.handler';
import { providerStatusQueue } from '../provider-status/provider-status-changed.handler';
import { passwordResetQueue } from '../password-reset/user-password-reset-requested.handler';
import { subscriptionQueue } from '../subscription/membership-activated.handler';
import { membershipReminderQueue } from '../subscription/membership-reminder-due.handler';
import { refundEmailQueue } from '../subscription/payment-refunded.handler';
import { receiptResendQueue } from '../subscription/receipt-resend-requested.handler';
import { accountDeletionQueue } from '../subscription/user-deleted.handler';
import { adminInvitationQueue } from '../admin-invitation/admin-invited.handler';
import { supportMessageQueue } from '../support/support-message-received.handler';
import { supportReplyQueue } from '../support/support-reply-requested.handler';

export interface TestNotify extends ServiceUnderTest<RunningService> {
  /** The welcome consumer's queue; its dead-letter queue is `<queue>.dead-letter`. */
  queue: string;
  /** Every consumer's queue, by consumer. */
  queues: {
    welcome: string;
    providerRegistered: string;
    providerStatus: string;
    passwordReset: string;
    subscription: string;
    receiptResend: string;
    refundEmail: string;
    membershipReminder: string;
    accountDeletion: string;
    adminInvitation: string;
    supportMessage: string;
    supportReply: string;
  };
}

/** Retries in tests: 100 ms, 200 ms, 400 ms … capped at 1 s, 8 times (about 5 s), then the dead-letter queue. */
export const testRetryEnv = { EVENT_RETRY_FIRST_DELAY_MS: '100', EVENT_RETRY_MAX_DELAY_MS: '1000', EVENT_MAX_RETRIES: '8' };

/** A real svc-notify with its own database and its own queues on the local stack. */
export async function startTestNotify(env: Record<string, string> = {}): Promise<TestNotify> {
  const serviceEnv = { ...testRetryEnv, ...env };
  const notify = await startServiceUnderTest({
    databasePrefix: 'notify',
    start: (processEnv) => startNotifyService(loadNotifyConfig(processEnv)),
    env: serviceEnv,
  });
  const config = loadNotifyConfig({ ...process.env, EVENT_QUEUE_SUFFIX: notify.queueSuffix, ...serviceEnv });
  const suffix = config.EVENT_QUEUE_SUFFIX;
  const queues = {
    welcome: welcomeQueue(suffix),
    providerRegistered: providerRegisteredQueue(suffix),
    providerStatus: providerStatusQueue(suffix),
    passwordReset: passwordResetQueue(suffix),
    subscription: subscriptionQueue(suffix),
    receiptResend: receiptResendQueue(suffix),
    refundEmail: refundEmailQueue(suffix),
    membershipReminder: membershipReminderQueue(suffix),
    accountDeletion: accountDeletionQueue(suffix),
    adminInvitation: adminInvitationQueue(suffix),
    supportMessage: supportMessageQueue(suffix),
    supportReply: supportReplyQueue(suffix),
  };
  const queue = queues.welcome;
  return {
    ...notify,
    queue,
    queues,
    async stop(options) {
      await notify.stop(options);
      // Unbound, not deleted (conventions.md, Tests: no test deletes a quorum queue): a later test's
      // events must not be routed to this instance's queues, where no consumer is left.
      const connection = await connect(process.env.AMQP_URL!);
      const channel = await connection.createChannel();
      for (const queue of Object.values(queues)) {
        for (const type of Object.keys(EventCatalog)) await channel.unbindQueue(queue, testEventsExchange(), type);
      }
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
    await channel.assertExchange(testEventsExchange(), 'topic', { durable: true });
    return new TestPublisher(connection, channel);
  }

  /** Whether a queue exists, asked on a connection of its own (a missing queue closes the channel that asks). */
  static async queueExists(queue: string): Promise<boolean> {
    const connection = await connect(process.env.AMQP_URL!);
    try {
      const channel = await connection.createChannel();
      channel.on('error', () => undefined);
      return await channel.checkQueue(queue).then(
        () => true,
        () => false,
      );
    } finally {
      await connection.close().catch(() => undefined);
    }
  }

  async publish(routingKey: string, body: EventEnvelope | string, messageId = randomUUID()): Promise<void> {
    const content = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    this.channel.publish(testEventsExchange(), routingKey, content, { persistent: true, messageId });
    await this.channel.waitForConfirms();
  }

  /** Publishes as `publish` does, as mandatory: answers whether a queue took the message (the broker returns it otherwise, before its confirm). */
  async publishRouted(routingKey: string, body: EventEnvelope | string, messageId = randomUUID()): Promise<boolean> {
    let returned = false;
    const onReturn = (message: { properties: { messageId?: string } }) => {
      if (message.properties.messageId === messageId) returned = true;
    };
    this.channel.on('return', onReturn);
    try {
      const content = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
      this.channel.publish(testEventsExchange(), routingKey, content, { persistent: true, mandatory: true, messageId });
      await this.channel.waitForConfirms();
    } finally {
      this.channel.off('return', onReturn);
    }
    return !returned;
  }

  /** The event ids of the messages ready in `queue`, which stay there (taken unacknowledged, then returned). */
  async peekEventIds(queue: string): Promise<string[]> {
    const ids: string[] = [];
    try {
      for (let message = await this.channel.get(queue); message; message = await this.channel.get(queue)) {
        ids.push((JSON.parse(message.content.toString()) as { id: string }).id);
      }
    } finally {
      this.channel.nackAll(true);
    }
    return ids;
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

export function providerRegisteredEvent(overrides: Partial<{ id: string; providerId: string; email: string }> = {}): EventEnvelope {
  const providerId = overrides.providerId ?? randomUUID();
  return {
    id: overrides.id ?? randomUUID(),
    type: 'provider.registered',
    version: 1,
    time: new Date().toISOString(),
    source: 'svc-providers',
    data: {
      providerId,
      providerName: 'Dr. Maya <b>Patel</b>',
      practiceName: 'Green Valley Wellness',
      email: overrides.email ?? `maya.${randomUUID().slice(0, 8)}@example.com`,
      npiNumber: '1234567893',
      fullAddress: '12 Oak Street, Austin, TX 78701',
      specialties: ['Nutrition'],
      boardCertifications: ['Naturopathic Medicine'],
      hospitalAffiliations: [],
      educationAndTraining: ['Bastyr University, ND'],
      practiceDescription: 'Whole-person care.',
    },
  };
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
