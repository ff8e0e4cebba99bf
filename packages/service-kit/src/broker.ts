import { connect, type ChannelModel, type ConfirmChannel, type ConsumeMessage, type RecoveringChannelModel } from 'amqplib';
import { ZodError } from 'zod';
import { EVENTS_EXCHANGE, InvalidEventError, eventEnvelopeSchema, type EventEnvelope } from '@altmed/contracts';
import type { Logger } from './logger';

export const DEAD_LETTER_EXCHANGE = `${EVENTS_EXCHANGE}.dead-letter`;
const ATTEMPT_HEADER = 'x-attempt';

/** Thrown by a handler for a message that can never succeed: it goes straight to the dead-letter queue. */
export class PoisonMessageError extends Error {
  override name = 'PoisonMessageError';
}

export interface EventConsumer {
  /** Durable queue name; its dead-letter queue is `<queue>.dead-letter`. */
  queue: string;
  /** Event types (routing keys) bound to the queue. */
  eventTypes: string[];
  handle: (event: EventEnvelope) => Promise<void>;
  /** Deliveries after the first before the message is dead-lettered. */
  maxRetries?: number;
  retryDelayMs?: (attempt: number) => number;
  prefetch?: number;
}

export interface EventBrokerOptions {
  url: string;
  logger: Logger;
}

const defaultRetryDelay = (attempt: number) => Math.min(250 * 2 ** (attempt - 1), 10_000);

/**
 * One recovering AMQP connection per service: publishes with publisher confirms and runs
 * consumers with manual acks, bounded retries and a dead-letter queue. Topology and consumers are
 * set up again after every reconnect.
 */
export class EventBroker {
  private connection: RecoveringChannelModel | undefined;
  private publishChannel: ConfirmChannel | undefined;
  private readonly consumers: EventConsumer[] = [];
  private connected = false;
  /** Ids of events the broker returned as unroutable (no queue bound yet); their publish fails. */
  private readonly returned = new Set<string>();

  constructor(private readonly options: EventBrokerOptions) {}

  /**
   * Starts connecting in the background; the service runs (not ready) while the broker is away.
   * Publishing works once connected; consumers must be registered before this.
   */
  async start(): Promise<void> {
    const { logger } = this.options;
    this.connection = await connect(this.options.url, {
      recovery: {
        waitForConnect: false,
        initialDelay: 200,
        maxDelay: 2_000,
        maxRetries: Infinity,
        setup: async (model: ChannelModel) => {
          const channel = await model.createConfirmChannel();
          await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true });
          await channel.assertExchange(DEAD_LETTER_EXCHANGE, 'direct', { durable: true });
          channel.on('return', (message: { properties: { messageId?: string } }) => {
            if (message.properties.messageId) this.returned.add(message.properties.messageId);
          });
          for (const consumer of this.consumers) await this.startConsumer(model, consumer);
          this.publishChannel = channel;
        },
      },
    });
    this.connection.on('connect', () => {
      this.connected = true;
      logger.info('broker connected');
    });
    this.connection.on('disconnect', (err: Error) => {
      this.connected = false;
      this.publishChannel = undefined;
      logger.warn({ err: err?.message }, 'broker disconnected');
    });
    this.connection.on('error', (err: Error) => logger.warn({ err: err.message }, 'broker error'));
  }

  isConnected(): boolean {
    return this.connected && this.publishChannel !== undefined;
  }

  /**
   * Resolves once the broker has confirmed the event and routed it to at least one queue; rejects
   * otherwise, so the outbox keeps an event that no consumer's queue would have received.
   */
  async publish(event: EventEnvelope): Promise<void> {
    const channel = this.publishChannel;
    if (!channel || !this.connected) throw new Error('Broker is not connected');
    await new Promise<void>((resolve, reject) => {
      channel.publish(
        EVENTS_EXCHANGE,
        event.type,
        Buffer.from(JSON.stringify(event)),
        { persistent: true, mandatory: true, messageId: event.id, type: event.type, contentType: 'application/json', timestamp: Date.parse(event.time) },
        (err: unknown) => {
          // RabbitMQ sends basic.return before the confirm of the same message.
          const unroutable = this.returned.delete(event.id);
          if (err) reject(err instanceof Error ? err : new Error('Broker rejected the event'));
          else if (unroutable) reject(new Error(`No queue is bound for ${event.type} yet`));
          else resolve();
        },
      );
    });
  }

  /**
   * Registers a consumer, before `start()`: every connection's setup declares its queues and starts
   * it, so no consumer can miss a connection.
   */
  consume(consumer: EventConsumer): void {
    if (this.connection) throw new Error('Register consumers before start()');
    this.consumers.push(consumer);
  }

  async close(): Promise<void> {
    this.connected = false;
    await this.connection?.close().catch(() => undefined);
  }

  private async startConsumer(model: ChannelModel, consumer: EventConsumer): Promise<void> {
    const { logger } = this.options;
    const channel = await model.createConfirmChannel();
    const deadLetterQueue = `${consumer.queue}.dead-letter`;
    await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true });
    await channel.assertExchange(DEAD_LETTER_EXCHANGE, 'direct', { durable: true });
    await channel.assertQueue(deadLetterQueue, { durable: true });
    await channel.bindQueue(deadLetterQueue, DEAD_LETTER_EXCHANGE, consumer.queue);
    await channel.assertQueue(consumer.queue, {
      durable: true,
      arguments: { 'x-dead-letter-exchange': DEAD_LETTER_EXCHANGE, 'x-dead-letter-routing-key': consumer.queue },
    });
    for (const type of consumer.eventTypes) await channel.bindQueue(consumer.queue, EVENTS_EXCHANGE, type);
    await channel.prefetch(consumer.prefetch ?? 10);
    const maxRetries = consumer.maxRetries ?? 5;
    const retryDelay = consumer.retryDelayMs ?? defaultRetryDelay;

    const deadLetter = (message: ConsumeMessage, reason: string) => {
      logger.error({ queue: consumer.queue, messageId: message.properties.messageId, reason }, 'message dead-lettered');
      channel.nack(message, false, false);
    };

    await channel.consume(consumer.queue, (message) => {
      if (!message) return;
      void (async () => {
        let event: EventEnvelope;
        try {
          event = eventEnvelopeSchema.parse(JSON.parse(message.content.toString('utf8'))) as EventEnvelope;
        } catch {
          return deadLetter(message, 'not a valid event envelope');
        }
        try {
          await consumer.handle(event);
          channel.ack(message);
        } catch (err) {
          if (err instanceof PoisonMessageError || err instanceof InvalidEventError || err instanceof ZodError) return deadLetter(message, String(err));
          const attempt = Number(message.properties.headers?.[ATTEMPT_HEADER] ?? 0) + 1;
          if (attempt > maxRetries) return deadLetter(message, `failed after ${maxRetries} retries: ${String(err)}`);
          logger.warn({ queue: consumer.queue, eventId: event.id, attempt, err: String(err) }, 'handler failed; retrying');
          await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
          // Republish the copy with its attempt count, then ack the original: at least once, never lost.
          await new Promise<void>((resolve, reject) =>
            channel.sendToQueue(
              consumer.queue,
              message.content,
              { ...message.properties, headers: { ...message.properties.headers, [ATTEMPT_HEADER]: attempt } },
              (confirmErr: unknown) => (confirmErr ? reject(new Error('retry not confirmed')) : resolve()),
            ),
          );
          channel.ack(message);
        }
      })().catch((err: unknown) => {
        // The channel closed under us: the unacked message is redelivered after reconnect.
        logger.warn({ queue: consumer.queue, err: String(err) }, 'delivery interrupted');
      });
    });
    logger.info({ queue: consumer.queue, eventTypes: consumer.eventTypes }, 'consumer started');
  }
}
