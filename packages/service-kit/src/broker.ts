import { EventEmitter, once } from 'node:events';
import { inspect } from 'node:util';
import { connect, type ChannelModel, type ConfirmChannel, type ConsumeMessage, type Options, type RecoveringChannelModel } from 'amqplib';
import { ZodError } from 'zod';
import { EVENTS_EXCHANGE, EventCatalog, InvalidEventError, eventEnvelopeSchema, isToInstancesOnly, type EventEnvelope } from '@altmed/contracts';
import {
  DEFAULT_RETRY_POLICY,
  checkRetryPolicy,
  declareConsumerQueues,
  delayQueueName,
  migrateFormerQueue,
  retryDelayMs,
  type RetryPolicy,
} from './consumer-queues';
import type { Logger } from './logger';
import type { ConsumeOutcome, ServiceMetrics } from './metrics';

export const ATTEMPT_HEADER = 'x-attempt';
const PUBLISH_TIMEOUT_MS = 10_000;
const CONNECT_FAILURE_LOG_INTERVAL_MS = 30_000;

/** Thrown by a handler for a message that can never succeed: it goes straight to the dead-letter queue. */
export class PoisonMessageError extends Error {
  override name = 'PoisonMessageError';
}

export interface EventConsumer {
  /** Durable quorum queue; its dead-letter queue is `<queue>.dead-letter`, its delay queues `<queue>.retry-<ms>ms`. */
  queue: string;
  /**
   * The queue an earlier version of this consumer used: its messages are moved into `queue` (and
   * its dead letters into `<queue>.dead-letter`) at every connection, then it is deleted.
   */
  formerQueue?: string;
  /** Event types (routing keys) bound to the queue. */
  eventTypes: string[];
  handle: (event: EventEnvelope) => Promise<void>;
  prefetch?: number;
}

/**
 * Events every instance of a service receives, each on a queue of its own that lives as long as its
 * connection (to keep something in memory current, say). Nothing is retried or dead-lettered: a
 * queue made again after a reconnect has missed what came meanwhile, which `onSubscribed` (called
 * after every declaration, with whether it is the first) lets the subscriber make up for.
 */
export interface InstanceSubscription {
  name: string;
  eventTypes: string[];
  handle: (event: EventEnvelope) => Promise<void>;
  onSubscribed: (first: boolean) => void;
}

export interface EventBrokerOptions {
  url: string;
  logger: Logger;
  /** How every consumer of this broker retries; validated here, at start. */
  retry?: RetryPolicy;
  /** The topic exchange events are published to and consumed from (`altmed.events`; a test file has one of its own). */
  exchange?: string;
  /** Counts what is published and what becomes of each delivery. */
  metrics?: ServiceMetrics;
}

type Role = 'publisher' | 'consumer';

/**
 * A service's link to RabbitMQ: two recovering connections, as RabbitMQ advises, so that a
 * resource alarm that blocks the publishing connection never stalls the consuming one (the
 * consuming connection never publishes). Publishing uses publisher confirms; consumers ack by
 * hand, retry through delay queues in the broker and dead-letter what cannot succeed. Topology and
 * consumers are set up again after every reconnect; a channel the broker closes (a cancelled
 * consumer, a precondition failure) drops its connection so that recovery rebuilds everything.
 */
export class EventBroker {
  private publisher: RecoveringChannelModel | undefined;
  private consumer: RecoveringChannelModel | undefined;
  private publishChannel: ConfirmChannel | undefined;
  private readonly connected: Record<Role, boolean> = { publisher: false, consumer: false };
  private readonly consumers: EventConsumer[] = [];
  private readonly subscriptions: { subscription: InstanceSubscription; declared: boolean }[] = [];
  private readonly consumerTags = new Map<ConfirmChannel, string>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly retry: RetryPolicy;
  private readonly exchange: string;
  private closing = false;
  private consumingStopped = false;
  private started = false;
  private readonly lastConnectFailureLog: Record<Role, number> = { publisher: 0, consumer: 0 };
  /** Ids of events the broker returned as unroutable (no queue bound yet); their publish fails. */
  private readonly returned = new Set<string>();
  /** Emits `publish-ready` whenever a publishing channel is (again) in place. */
  private readonly publishing = new EventEmitter();

  constructor(private readonly options: EventBrokerOptions) {
    this.retry = checkRetryPolicy(options.retry ?? DEFAULT_RETRY_POLICY);
    this.exchange = options.exchange ?? EVENTS_EXCHANGE;
  }

  /**
   * Registers a consumer, before `start()`: every connection's setup declares its queues and starts
   * it, so no consumer can miss a connection.
   */
  consume(consumer: EventConsumer): void {
    if (this.started) throw new Error('Register consumers before start()');
    this.consumers.push(consumer);
    this.options.metrics?.consumerRegistered(consumer.queue, consumer.eventTypes);
  }

  /** Registers events this instance receives on a queue of its own (see `InstanceSubscription`), before `start()`. */
  subscribeThisInstance(subscription: InstanceSubscription): void {
    if (this.started) throw new Error('Register subscriptions before start()');
    this.subscriptions.push({ subscription, declared: false });
  }

  private get consumes(): boolean {
    return this.consumers.length > 0 || this.subscriptions.length > 0;
  }

  /**
   * Starts connecting in the background; the service runs (not ready, or degraded) while the broker
   * is away. Publishing works once connected. The consuming connection opens only if there are consumers.
   */
  async start(): Promise<void> {
    this.started = true;
    this.publisher = await this.connect('publisher', async (model) => {
      const channel = await model.createConfirmChannel();
      this.watchChannel(model, channel, 'publish channel');
      await channel.assertExchange(this.exchange, 'topic', { durable: true });
      channel.on('return', (message: { properties: { messageId?: string } }) => {
        if (message.properties.messageId) this.returned.add(message.properties.messageId);
      });
      this.publishChannel = channel;
    });
    if (!this.consumes) return;
    this.consumer = await this.connect('consumer', async (model) => {
      this.consumerTags.clear();
      // A reconnect while shutting down declares nothing and takes no deliveries.
      if (this.consumingStopped) return;
      for (const consumer of this.consumers) await this.startConsumer(model, consumer);
      for (const entry of this.subscriptions) await this.startSubscription(model, entry);
    });
  }

  /** Whether events can be published now (what a relay needs, whether or not the service also consumes). */
  canPublish(): boolean {
    return this.connected.publisher && this.publishChannel !== undefined;
  }

  /** Whether events can be published and, if the service consumes, delivered to it. */
  isConnected(): boolean {
    return this.canPublish() && (!this.consumes || this.connected.consumer);
  }

  /** Resolves once events can be published (for a short-lived publisher, such as the seed); rejects after `timeoutMs`. */
  async publishingReady(timeoutMs = PUBLISH_TIMEOUT_MS): Promise<void> {
    const signal = AbortSignal.timeout(timeoutMs);
    while (!this.canPublish()) await once(this.publishing, 'publish-ready', { signal });
  }

  /** Calls `listener` each time events can be published again (the first connection, every reconnection); answers the unsubscribe. */
  onPublishingReady(listener: () => void): () => void {
    this.publishing.on('publish-ready', listener);
    return () => this.publishing.off('publish-ready', listener);
  }

  /**
   * Resolves once the broker has confirmed the event and routed it to at least one queue; rejects
   * otherwise (or after 10 s, as under a blocked connection), so the outbox keeps an event that no
   * consumer's queue would have received. An event only instances hear (`toInstancesOnly`) needs
   * no queue: without one, no instance keeps anything it would change.
   */
  async publish(event: EventEnvelope): Promise<void> {
    const channel = this.publishChannel;
    if (!channel || !this.connected.publisher) throw new Error('Broker is not connected');
    await this.confirmed(
      (callback) =>
        channel.publish(
          this.exchange,
          event.type,
          Buffer.from(JSON.stringify(event)),
          {
            persistent: true,
            mandatory: !isToInstancesOnly(event.type),
            messageId: event.id,
            type: event.type,
            contentType: 'application/json',
            timestamp: Date.parse(event.time),
          },
          callback,
        ),
      () => (this.returned.delete(event.id) ? new Error(`No queue is bound for ${event.type} yet`) : undefined),
    );
    this.options.metrics?.eventPublished(event.type);
  }

  /**
   * Stops taking deliveries and waits for the handlers already running. A delivery that reaches
   * the client after this starts goes back to its queue unhandled, so no handler is cut short by
   * the connection closing (which would leave a retry copy and its original both in the broker).
   */
  async stopConsuming(): Promise<void> {
    this.consumingStopped = true;
    await Promise.all([...this.consumerTags].map(([channel, tag]) => channel.cancel(tag).catch(() => undefined)));
    this.consumerTags.clear();
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.stopConsuming();
    this.connected.publisher = false;
    this.connected.consumer = false;
    await Promise.all([this.consumer?.close().catch(() => undefined), this.publisher?.close().catch(() => undefined)]);
  }

  private async connect(role: Role, setup: (model: ChannelModel) => Promise<void>): Promise<RecoveringChannelModel> {
    const { logger } = this.options;
    const connection = await connect(this.options.url, {
      clientProperties: { connection_name: role },
      recovery: {
        waitForConnect: false,
        initialDelay: 200,
        maxDelay: 2_000,
        maxRetries: Infinity,
        setup: listeningForErrorsDuring(setup, (err) => logger.warn({ role, err: err.message }, 'broker connection failed while being set up; retrying')),
      },
    });
    connection.on('connect', () => {
      this.connected[role] = true;
      // Only now, after the setup: until the connection says so, publish refuses ("not connected").
      if (role === 'publisher') this.publishing.emit('publish-ready');
      logger.info({ role }, 'broker connected');
    });
    connection.on('disconnect', (err: Error) => {
      this.connected[role] = false;
      if (role === 'publisher') this.publishChannel = undefined;
      logger.warn({ role, err: err?.message }, 'broker disconnected');
    });
    connection.on('connect-failed', (err: Error) => {
      if (Date.now() - this.lastConnectFailureLog[role] < CONNECT_FAILURE_LOG_INTERVAL_MS) return;
      this.lastConnectFailureLog[role] = Date.now();
      logger.warn({ role, err: err.message }, 'cannot connect to the broker; retrying');
    });
    connection.on('blocked', (reason: string) => logger.warn({ role, reason }, 'broker blocked this connection'));
    connection.on('unblocked', () => logger.info({ role }, 'broker unblocked this connection'));
    connection.on('error', (err: Error) => logger.warn({ role, err: err.message }, 'broker error'));
    return connection;
  }

  /** Sends on a confirm channel and waits for the broker's confirm, at most PUBLISH_TIMEOUT_MS. */
  private async confirmed(send: (callback: (err: unknown) => void) => void, afterConfirm: () => Error | undefined = () => undefined): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const confirmation = new Promise<void>((resolve, reject) => {
      send((err: unknown) => {
        // RabbitMQ sends basic.return before the confirm of the same message.
        const failure = afterConfirm();
        if (err) reject(err instanceof Error ? err : new Error('Broker rejected the message'));
        else if (failure) reject(failure);
        else resolve();
      });
    });
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('Broker did not confirm the message in time')), PUBLISH_TIMEOUT_MS);
    });
    try {
      await Promise.race([confirmation, timeout]);
    } finally {
      clearTimeout(timer);
    }
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
    await declareConsumerQueues(channel, consumer.queue, consumer.eventTypes, this.retry, this.exchange);
    if (consumer.formerQueue) {
      // A failed move leaves the rest in the former queue, for the next connection to move.
      await migrateFormerQueue(model, consumer.formerQueue, consumer.queue, consumer.eventTypes, this.retry, this.exchange).then(
        (migrated) => migrated && logger.info({ from: consumer.formerQueue, to: consumer.queue, ...migrated }, 'messages moved from the former queue'),
        (err: unknown) => logger.warn({ from: consumer.formerQueue, err: String(err) }, 'former queue not emptied yet'),
      );
    }
    await channel.prefetch(consumer.prefetch ?? 10);

    const { consumerTag } = await channel.consume(consumer.queue, (message) => {
      if (!message) {
        // The broker cancelled the consumer (its queue was deleted): rebuild the connection.
        if (!this.closing && !this.consumingStopped) void model.close().catch(() => undefined);
        return;
      }
      if (this.consumingStopped) {
        channel.nack(message, false, true);
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

  private async startSubscription(model: ChannelModel, entry: { subscription: InstanceSubscription; declared: boolean }): Promise<void> {
    const { logger } = this.options;
    const { subscription } = entry;
    const channel = await model.createConfirmChannel();
    this.watchChannel(model, channel, `subscription ${subscription.name}`);
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true, durable: false });
    for (const type of subscription.eventTypes) await channel.bindQueue(queue, this.exchange, type);
    const { consumerTag } = await channel.consume(
      queue,
      (message) => {
        if (!message) {
          // The broker cancelled the subscription (its queue was deleted): rebuild the connection, and with it the queue.
          if (!this.closing && !this.consumingStopped) void model.close().catch(() => undefined);
          return;
        }
        if (this.consumingStopped) return;
        const delivery = Promise.resolve()
          .then(() => subscription.handle(eventEnvelopeSchema.parse(JSON.parse(message.content.toString('utf8')))))
          .catch((err: unknown) => logger.warn({ subscription: subscription.name, err: String(err) }, 'subscribed event not handled'));
        this.inFlight.add(delivery);
        void delivery.finally(() => this.inFlight.delete(delivery));
      },
      { noAck: true },
    );
    this.consumerTags.set(channel, consumerTag);
    logger.info({ subscription: subscription.name, queue, eventTypes: subscription.eventTypes }, 'subscription started');
    subscription.onSubscribed(!entry.declared);
    entry.declared = true;
  }

  private async deliver(channel: ConfirmChannel, consumer: EventConsumer, message: ConsumeMessage): Promise<void> {
    const { logger, metrics } = this.options;
    // The envelope's type once it parses; before, its routing key if that names a known type (labels stay few).
    let type = Object.hasOwn(EventCatalog, message.fields.routingKey) ? message.fields.routingKey : 'unknown';
    const settled = (outcome: ConsumeOutcome) => metrics?.eventConsumed(consumer.queue, type, outcome);
    const deadLetter = (reason: string) => {
      logger.error({ queue: consumer.queue, messageId: message.properties.messageId, reason }, 'message dead-lettered');
      channel.nack(message, false, false);
      settled('dead_lettered');
    };

    let event: EventEnvelope;
    try {
      event = eventEnvelopeSchema.parse(JSON.parse(message.content.toString('utf8')));
    } catch {
      return deadLetter('not a valid event envelope');
    }
    if (Object.hasOwn(EventCatalog, event.type)) type = event.type;

    let failure: unknown;
    try {
      await consumer.handle(event);
    } catch (err) {
      failure = err;
    }
    if (failure === undefined) {
      channel.ack(message);
      return settled('handled');
    }
    if (failure instanceof PoisonMessageError || failure instanceof InvalidEventError || failure instanceof ZodError) {
      return deadLetter(String(failure));
    }

    // Whatever was thrown, Error or not, is described readably in the log.
    const reason = failure instanceof Error ? String(failure) : inspect(failure);
    const retry = Number(message.properties.headers?.[ATTEMPT_HEADER] ?? 0) + 1;
    if (retry > this.retry.maxRetries) return deadLetter(`failed after ${this.retry.maxRetries} retries: ${reason}`);
    const delayMs = retryDelayMs(this.retry, retry);
    logger.warn({ queue: consumer.queue, eventId: event.id, retry, delayMs, err: reason }, 'handler failed; retrying later');
    try {
      await this.sendToDelayQueue(consumer.queue, delayMs, message, retry);
    } catch (err) {
      // The publishing connection is away or blocked: the message goes back to its queue and is tried again.
      logger.warn({ queue: consumer.queue, eventId: event.id, err: String(err) }, 'retry not scheduled; returning the message');
      return channel.nack(message, false, true);
    }
    // The copy is in its delay queue: ack the original. At least once, never lost.
    channel.ack(message);
    settled('retried');
  }

  /** Publishes the retry copy on the publishing connection, so the consuming one never publishes. */
  private async sendToDelayQueue(queue: string, delayMs: number, message: ConsumeMessage, retry: number): Promise<void> {
    // A publishing connection being rebuilt is waited for (briefly), rather than returning the message in a tight loop.
    if (!this.publishChannel) await this.publishingReady();
    const channel = this.publishChannel;
    if (!channel || !this.connected.publisher) throw new Error('Broker is not connected');
    const { headers = {}, ...properties } = message.properties as Omit<Options.Publish, 'headers'> & { headers?: Record<string, unknown> };
    const delayQueue = delayQueueName(queue, delayMs);
    const messageId = properties.messageId;
    const copy = { ...properties, persistent: true, mandatory: true, headers: { ...headers, [ATTEMPT_HEADER]: retry } };
    await this.confirmed(
      (callback) => channel.sendToQueue(delayQueue, message.content, copy, callback),
      () => (messageId !== undefined && this.returned.delete(messageId) ? new Error(`Delay queue ${delayQueue} does not exist`) : undefined),
    );
  }
}

/**
 * amqplib's recovery listens for a new connection's errors only once its setup has finished. A
 * connection the broker closes with a hard error during setup (RabbitMQ answers 541 INTERNAL_ERROR
 * when a quorum queue cannot be declared in time, as on a busy 2-core test machine) emits an
 * 'error' nobody hears, which throws out of the socket's handler and ends the process. Listening
 * while the setup runs turns that into a failed setup, which the recovery retries.
 */
export function listeningForErrorsDuring(setup: (model: ChannelModel) => Promise<void>, onError: (err: Error) => void): (model: ChannelModel) => Promise<void> {
  return async (model) => {
    model.on('error', onError);
    try {
      await setup(model);
    } finally {
      model.off('error', onError);
    }
  };
}
