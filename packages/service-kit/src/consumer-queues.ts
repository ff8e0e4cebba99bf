import type { Channel, ChannelModel, Options } from 'amqplib';
import { EVENTS_EXCHANGE } from '@altmed/contracts';
import { ConfigError } from './config';

/** Where the consumers of events published to `exchange` dead-letter what they cannot handle. */
export const deadLetterExchangeOf = (exchange: string) => `${exchange}.dead-letter`;

/** How a consumer retries a failing handler: capped exponential backoff, then the dead-letter queue. */
export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  /** Deliveries after the first before the message is dead-lettered. */
  maxRetries: number;
}

/** 10 s, 20 s, 40 s … capped at 5 min, 20 retries: about 80 minutes before the dead-letter queue. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { firstDelayMs: 10_000, maxDelayMs: 300_000, maxRetries: 20 };

export function checkRetryPolicy(policy: RetryPolicy): RetryPolicy {
  if (policy.maxDelayMs < policy.firstDelayMs) {
    throw new ConfigError('Invalid configuration:\n  EVENT_RETRY_MAX_DELAY_MS: must not be less than EVENT_RETRY_FIRST_DELAY_MS');
  }
  return policy;
}

/** The wait before retry number `retry` (1 for the first retry). */
export function retryDelayMs(policy: RetryPolicy, retry: number): number {
  return Math.min(policy.firstDelayMs * 2 ** (retry - 1), policy.maxDelayMs);
}

/** How long a message keeps being retried before it is dead-lettered (the sum of its delays). */
export function retrySpanMs(policy: RetryPolicy): number {
  let total = 0;
  for (let retry = 1; retry <= policy.maxRetries; retry += 1) total += retryDelayMs(policy, retry);
  return total;
}

/** The distinct delays of a policy: one delay queue each. */
export function retryTiersMs(policy: RetryPolicy): number[] {
  const tiers = new Set<number>();
  for (let retry = 1; retry <= policy.maxRetries; retry += 1) tiers.add(retryDelayMs(policy, retry));
  return [...tiers];
}

/** Names of a consumer's queues; the delay is part of a delay queue's name, so a new policy declares new queues. */
export const consumerQueueNames = (queue: string, policy: RetryPolicy) => ({
  work: queue,
  deadLetter: `${queue}.dead-letter`,
  delays: retryTiersMs(policy).map((delayMs) => ({ delayMs, queue: delayQueueName(queue, delayMs) })),
});

export const delayQueueName = (queue: string, delayMs: number) => `${queue}.retry-${delayMs}ms`;

/**
 * Quorum queues (replicated, RabbitMQ's choice for durable work). Dead-lettering at least once
 * (a message moves to its dead-letter target only once that target has it) needs `reject-publish`.
 */
const quorum = (extra: Record<string, unknown> = {}): Options.AssertQueue => ({
  durable: true,
  arguments: { 'x-queue-type': 'quorum', 'x-overflow': 'reject-publish', 'x-dead-letter-strategy': 'at-least-once', ...extra },
});

/**
 * Declares a consumer's work queue, its delay queues and its dead-letter queue. A failed handler's
 * message is republished to the delay queue of its wait; the queue's TTL expires it back into the
 * work queue through the default exchange. Each delay queue holds one delay only, so a message
 * never waits behind a longer one.
 */
export async function declareConsumerQueues(
  channel: Channel,
  queue: string,
  eventTypes: string[],
  policy: RetryPolicy,
  exchange: string = EVENTS_EXCHANGE,
): Promise<void> {
  const names = consumerQueueNames(queue, policy);
  const deadLetterExchange = deadLetterExchangeOf(exchange);
  await channel.assertExchange(exchange, 'topic', { durable: true });
  await channel.assertExchange(deadLetterExchange, 'direct', { durable: true });
  await channel.assertQueue(names.deadLetter, quorum());
  await channel.bindQueue(names.deadLetter, deadLetterExchange, queue);
  await channel.assertQueue(names.work, quorum({ 'x-dead-letter-exchange': deadLetterExchange, 'x-dead-letter-routing-key': queue }));
  for (const type of eventTypes) await channel.bindQueue(names.work, exchange, type);
  for (const delay of names.delays) {
    await channel.assertQueue(delay.queue, quorum({ 'x-message-ttl': delay.delayMs, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue }));
  }
}

/** Whether a queue exists, asked on a channel of its own (a missing queue closes the channel that asks). */
export async function queueExists(model: ChannelModel, queue: string): Promise<boolean> {
  const channel = await model.createChannel();
  channel.on('error', () => undefined);
  try {
    await channel.checkQueue(queue);
    await channel.close();
    return true;
  } catch {
    return false;
  }
}

/**
 * Moves every message of `from` into `to` (publisher-confirmed, then acked), and returns how many
 * moved. `prepare` may rewrite the headers of each copy. `to` must exist: a copy it cannot take
 * stops the move and leaves the original in `from`.
 */
export async function moveMessages(
  model: ChannelModel,
  from: string,
  to: string,
  options: { limit?: number; prepare?: (headers: Record<string, unknown>) => Record<string, unknown> } = {},
): Promise<number> {
  const channel = await model.createConfirmChannel();
  let returned = false;
  channel.on('return', () => {
    returned = true;
  });
  let moved = 0;
  try {
    while (moved < (options.limit ?? Infinity)) {
      const message = await channel.get(from, { noAck: false });
      if (!message) break;
      const headers = (message.properties.headers ?? {}) as Record<string, unknown>;
      const properties = { ...message.properties, headers: options.prepare ? options.prepare(headers) : headers, mandatory: true } as Options.Publish;
      channel.sendToQueue(to, message.content, properties);
      await channel.waitForConfirms();
      // RabbitMQ returns an unroutable message before confirming it: the original stays where it was.
      if (returned) throw new Error(`Queue ${to} does not exist`);
      channel.ack(message);
      moved += 1;
    }
  } finally {
    await channel.close().catch(() => undefined);
  }
  return moved;
}

/**
 * Empties a queue an earlier version of the consumer used (a classic queue, which cannot be
 * redeclared as a quorum queue) into the new ones and deletes it: it stops receiving events first,
 * its messages go to the new work queue and its dead letters to the new dead-letter queue, and it
 * is deleted only if empty, so no message is dropped.
 */
export async function migrateFormerQueue(
  model: ChannelModel,
  former: string,
  queue: string,
  eventTypes: string[],
  policy: RetryPolicy,
  exchange: string = EVENTS_EXCHANGE,
): Promise<{ moved: number; deadLettersMoved: number } | undefined> {
  if (!(await queueExists(model, former))) return undefined;
  const names = consumerQueueNames(queue, policy);
  const channel = await model.createChannel();
  channel.on('error', () => undefined);
  for (const type of eventTypes) await channel.unbindQueue(former, exchange, type);
  await channel.close();
  const moved = await moveMessages(model, former, names.work);
  const deadLettersMoved = (await queueExists(model, `${former}.dead-letter`)) ? await moveMessages(model, `${former}.dead-letter`, names.deadLetter) : 0;
  for (const name of [former, `${former}.dead-letter`]) {
    const deleting = await model.createChannel();
    deleting.on('error', () => undefined);
    // Not empty means a consumer of the old version is still returning messages: left for the next start.
    await deleting
      .deleteQueue(name, { ifEmpty: true })
      .then(() => deleting.close())
      .catch(() => undefined);
  }
  return { moved, deadLettersMoved };
}
