import { inspect } from 'node:util';
import { connect, type ChannelModel, type ConfirmChannel, type ConsumeMessage, type RecoveringChannelModel } from 'amqplib';
import { ZodError } from 'zod';
import { EVENTS_EXCHANGE, InvalidEventError, eventEnvelopeSchema, type EventEnvelope } from '@altmed/contracts';
import type { Logger } from './logger';

export const DEAD_LETTER_EXCHANGE = `${EVENTS_EXCHANGE}.dead-letter`;
const ATTEMPT_HEADER = 'x-attempt';
const PUBLISH_TIMEOUT_MS = 10_000;
const CONNECT_FAILURE_LOG_INTERVAL_MS = 30_000;

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

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** 1 s, 2 s, 4 s … capped at a minute: the default 8 retries span about four minutes. */
const defaultRetryDelay = (attempt: number) => Math.min(1_000 * 2 ** (attempt - 1), 60_000);

/**
 * One recovering AMQP connection per service: publishes with publisher confirms and runs
 * consumers with manual acks, bounded retries and a dead-letter queue. Topology and consumers are
 * set up again after every reconnect; a channel the broker closes (a cancelled consumer, a
 * precondition failure) drops the connection so that recovery rebuilds everything.
 */
export class EventBroker {
  private connection: RecoveringChannelModel | undefined;
  private publishChannel: ConfirmChannel | undefined;
  private readonly consumers: EventConsumer[] = [];
  private readonly consumerTags = new Map<ConfirmChannel, string>();
  private readonly inFlight = new Set<Promise<void>>();
  private connected = false;
  private closing = false;
  private consumingStopped = false;
  private readonly stopWaiting = new AbortController();
  private lastConnectFailureLog = 0;
  /** Ids of events the broker returned as unroutable (no queue bound yet); their publish fails. */
  private readonly returned = new Set<string>();

  constructor(private readonly options: EventBrokerOptions) {}

  /**
   * Registers a consumer, before `start()`: every connection's setup declares its queues and starts
   * it, so no consumer can miss a connection.
   */
  consume(consumer: EventConsumer): void {
    if (this.connection) throw new Error('Register consumers before start()');
    this.consumers.push(consumer);
  }

  /**
   * Starts connecting in the background; the service runs (not ready) while the broker is away.
   * Publishing works once connected.
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
          this.consumerTags.clear();
          const channel = await model.createConfirmChannel();
          this.watchChannel(model, channel, 'publish channel');
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
    this.connection.on('connect-failed', (err: Error) => {
      if (Date.now() - this.lastConnectFailureLog < CONNECT_FAILURE_LOG_INTERVAL_MS) return;
      this.lastConnectFailureLog = Date.now();
      logger.warn({ err: err.message }, 'cannot connect to the broker; retrying');
    });
    this.connection.on('blocked', (reason: string) => logger.warn({ reason }, 'broker blocked this connection'));
    this.connection.on('unblocked', () => logger.info('broker unblocked this connection'));
    this.connection.on('error', (err: Error) => logger.warn({ err: err.message }, 'broker error'));
  }

  isConnected(): boolean {
    return this.connected && this.publishChannel !== undefined;
  }

  /**
   * Resolves once the broker has confirmed the event and routed it to at least one queue; rejects
   * otherwise (or after 10 s, as under a blocked connection), so the outbox keeps an event that no
   * consumer's queue would have received.
   */
  async publish(event: EventEnvelope): Promise<void> {
    const channel = this.publishChannel;
    if (!channel || !this.connected) throw new Error('Broker is not connected');
    let timer: NodeJS.Timeout | undefined;
    const confirmed = new Promise<void>((resolve, reject) => {
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
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('Broker did not confirm the event in time')), PUBLISH_TIMEOUT_MS);
    });
    try {
      await Promise.race([confirmed, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stops taking deliveries and waits for the handlers already running. */
  async stopConsuming(): Promise<void> {
    this.consumingStopped = true;
    this.stopWaiting.abort();
    await Promise.all([...this.consumerTags].map(([channel, tag]) => channel.cancel(tag).catch(() => undefined)));
    this.consumerTags.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    this.closing = true;
    this.connected = false;
    await this.stopConsuming();
    await this.connection?.close().catch(() => undefined);
  }

  /** A channel the broker closes while the connection stays up would leave a dead consumer or publisher. */
  private watchChannel(model: ChannelModel, channel: ConfirmChannel, what: string): void {
    const { logger } = this.options;
    channel.on('error', (err: Error) => logger.warn({ err: err.message }, `${what} error`));
    channel.on('close', () => {
      if (this.publishChannel === channel) this.publishChannel = undefined;
      if (this.closing) return;
      logger.warn(`${what} closed by the broker; reconnecting`);
      void model.close().catch(() => undefined);
    });
  }

  private async startConsumer(model: ChannelModel, consumer: EventConsumer): Promise<void> {
    const { logger } = this.options;
    const channel = await model.createConfirmChannel();
    this.watchChannel(model, channel, `consumer ${consumer.queue}`);
    const deadLetterQueue = `${consumer.queue}.dead-letter`;
    await channel.assertQueue(deadLetterQueue, { durable: true });
    await channel.bindQueue(deadLetterQueue, DEAD_LETTER_EXCHANGE, consumer.queue);
    await channel.assertQueue(consumer.queue, {
      durable: true,
      arguments: { 'x-dead-letter-exchange': DEAD_LETTER_EXCHANGE, 'x-dead-letter-routing-key': consumer.queue },
    });
    for (const type of consumer.eventTypes) await channel.bindQueue(consumer.queue, EVENTS_EXCHANGE, type);
    await channel.prefetch(consumer.prefetch ?? 10);

    const { consumerTag } = await channel.consume(consumer.queue, (message) => {
      if (!message) {
        // The broker cancelled the consumer (its queue was deleted): rebuild the connection.
        if (!this.closing) void model.close().catch(() => undefined);
        return;
      }
      const delivery = this.deliver(channel, consumer, message).catch((err: unknown) => {
        // The channel closed under us: the unacked message is redelivered after reconnect.
        logger.warn({ queue: consumer.queue, err: String(err) }, 'delivery interrupted');
      });
      this.inFlight.add(delivery);
      void delivery.finally(() => this.inFlight.delete(delivery));
    });
    this.consumerTags.set(channel, consumerTag);
    logger.info({ queue: consumer.queue, eventTypes: consumer.eventTypes }, 'consumer started');
  }

  private async deliver(channel: ConfirmChannel, consumer: EventConsumer, message: ConsumeMessage): Promise<void> {
    const { logger } = this.options;
    const deadLetter = (reason: string) => {
      logger.error({ queue: consumer.queue, messageId: message.properties.messageId, reason }, 'message dead-lettered');
      channel.nack(message, false, false);
    };

    let event: EventEnvelope;
    try {
      event = eventEnvelopeSchema.parse(JSON.parse(message.content.toString('utf8')));
    } catch {
      return deadLetter('not a valid event envelope');
    }

    let failure: unknown;
    try {
      await consumer.handle(event);
    } catch (err) {
      failure = err;
    }
    if (failure === undefined) return channel.ack(message);
    if (failure instanceof PoisonMessageError || failure instanceof InvalidEventError || failure instanceof ZodError) {
      return deadLetter(String(failure));
    }
    // Whatever was thrown, Error or not, is described readably in the log.
    const reason = failure instanceof Error ? String(failure) : inspect(failure);

    const maxRetries = consumer.maxRetries ?? 8;
    const attempt = Number(message.properties.headers?.[ATTEMPT_HEADER] ?? 0) + 1;
    if (attempt > maxRetries) return deadLetter(`failed after ${maxRetries} retries: ${reason}`);
    logger.warn({ queue: consumer.queue, eventId: event.id, attempt, err: reason }, 'handler failed; retrying');
    await sleep((consumer.retryDelayMs ?? defaultRetryDelay)(attempt), this.stopWaiting.signal);
    // Shutting down: leave the message unacked, so the broker hands it to the next consumer.
    if (this.consumingStopped) return;
    // Republish the copy with its attempt count, then ack the original: at least once, never lost.
    await new Promise<void>((resolve, reject) =>
      channel.sendToQueue(
        consumer.queue,
        message.content,
        { ...message.properties, headers: { ...message.properties.headers, [ATTEMPT_HEADER]: attempt } },
        (err: unknown) => (err ? reject(new Error('retry not confirmed')) : resolve()),
      ),
    );
    channel.ack(message);
  }
}
