import { randomUUID } from 'node:crypto';
import { Schema, type Model, type UpdateQuery } from 'mongoose';
import { EventCatalog, type EventData, type EventEnvelope, type EventType } from '@altmed/contracts';
import type { EventBroker } from './broker';
import { OutboxClaims } from './outbox-claims';
import type { Logger } from './logger';
import { runOnce } from './migrations';
import type { OutboxFigures } from './metrics';
import type { QueryShape } from './query-shapes';
import { currentTraceContext, inTraceOf, outsideAnyTrace } from './tracing';

/**
 * Transactional outbox without multi-document transactions (FerretDB has none): pending events
 * live in an `outbox` array on the document they describe, so the change and its events are one
 * atomic single-document write. That write also sets `outboxPending` and `outboxDueAt`, the time
 * from which the relay picks the document up, oldest first: the relay asks for pending documents by
 * a flat equality, which the local database answers from an index (`OUTBOX_INDEX`) instead of a
 * pass over every document. The relay publishes a document's events in order
 * with confirms and pops each one only after the broker has it; a failure moves the document's
 * due time back (capped exponential backoff, counted in `outboxAttempts`), so it never holds back
 * other documents. A crash between publish and pop republishes the event (the same id); consumers
 * absorb the copy: their handlers run through the inbox (`inbox.ts`, keyed on the event id unless
 * the handler keys it on something else), or do work that may run again.
 *
 * Several relays (instances of a service) share the documents: a relay claims a document
 * (`OutboxClaims`) before it reads and publishes its events, so no two relays publish one document
 * at the same time, and each document's events go out in order.
 */
export const outboxSchemaFields = {
  outbox: {
    type: [
      new Schema(
        {
          id: { type: String, required: true },
          type: { type: String, required: true },
          version: { type: Number, required: true },
          time: { type: String, required: true },
          source: { type: String, required: true },
          data: { type: Schema.Types.Mixed, required: true },
          traceparent: { type: String },
          tracestate: { type: String },
        },
        { _id: false, minimize: false },
      ),
    ],
    default: [],
  },
  /** True while events are pending (absent otherwise). */
  outboxPending: { type: Boolean },
  /** Set while events are pending: when the relay should next try this document. */
  outboxDueAt: { type: Date },
  /** Failed publishes of the first pending event in a row; the backoff grows with it. */
  outboxAttempts: { type: Number },
};

/** The index every model with an outbox declares (`schema.index(OUTBOX_INDEX)`): the relay's query, by its equality-sort-range rule. */
export const OUTBOX_INDEX = { outboxPending: 1, outboxDueAt: 1 } as const;

export interface WithOutbox {
  outbox: EventEnvelope[];
  outboxPending?: boolean;
  outboxDueAt?: Date;
  outboxAttempts?: number;
}

export function createEvent<T extends EventType>(type: T, data: EventData<T>, source: string): EventEnvelope<EventData<T>> {
  const entry = EventCatalog[type];
  return {
    id: randomUUID(),
    type,
    version: entry.version,
    time: new Date().toISOString(),
    source,
    data: entry.data.parse(data) as EventData<T>,
    // The trace of the request that made the event, continued when the relay publishes it.
    ...currentTraceContext(),
  };
}

/** Fields of a new document that carries `events`: `Model.create({ ...fields, ...outboxFieldsFor([event]) })`. */
export function outboxFieldsFor(events: EventEnvelope[]): Pick<WithOutbox, 'outbox' | 'outboxPending' | 'outboxDueAt'> {
  return { outbox: events, outboxPending: true, outboxDueAt: new Date() };
}

/**
 * Adds `events` to an update of an existing document, so the change and its events are one write:
 * `Model.updateOne(filter, withEvents({ $set: { name } }, [event]))`. A document already waiting
 * keeps its earlier due time (`$min`), so it keeps its place in the queue.
 */
export function withEvents<T>(update: UpdateQuery<T>, events: EventEnvelope[]): UpdateQuery<T> {
  const push = (update.$push ?? {}) as Record<string, unknown>;
  const min = (update.$min ?? {}) as Record<string, unknown>;
  const set = (update.$set ?? {}) as Record<string, unknown>;
  if ('outbox' in push || 'outboxDueAt' in min || 'outboxPending' in set) throw new Error('withEvents: the update already writes the outbox');
  return {
    ...update,
    $set: { ...set, outboxPending: true },
    $push: { ...push, outbox: { $each: events } },
    $min: { ...min, outboxDueAt: new Date() },
  };
}

/**
 * The relay's own writes leave `updatedAt` alone: they are not a change of the document, and a
 * writer that guards its update on `updatedAt` (a moderation) must not lose to the relay.
 */
const relayBookkeeping = { timestamps: false } as const;

/** 1 s, 2 s, 4 s … capped at five minutes. */
export const defaultOutboxRetryDelay = (attempt: number): number => Math.min(1_000 * 2 ** (attempt - 1), 5 * 60_000);

export interface OutboxRelayOptions {
  /** With `onPublishingReady` (an `EventBroker`), the relay makes a pass as soon as the broker is back after an outage. */
  broker: Pick<EventBroker, 'publish' | 'canPublish'> & Partial<Pick<EventBroker, 'onPublishingReady'>>;
  // Models differ in their _id type and fields; the relay only reads and writes the outbox fields.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  models: Model<any>[];
  logger: Logger;
  /** Poll interval when nothing nudges the relay, after a pass that found events. */
  intervalMs?: number;
  /**
   * The longest poll interval (30 s unless told): after each pass that finds nothing the next poll
   * waits twice as long, up to this. A write nudges its own instance's relay, the broker's return
   * nudges every relay, and a pass that sees a document backing off comes back when it is due, so
   * polls only pick up the rest (the writes of an instance that died before publishing them, a dead
   * relay's claims): an idle site should not query every model of every service every few seconds.
   */
  idleIntervalMs?: number;
  /** Documents being published at once (each publishes its own events one after another). */
  concurrency?: number;
  /** Due documents fetched per query. */
  batchSize?: number;
  /** Delay before the next try of a document whose event failed `attempt` times in a row. */
  retryDelayMs?: (attempt: number) => number;
  /**
   * How long a claim keeps other relays away from a document (renewed after each event); longer
   * than the broker's publish timeout, so a live relay keeps its claim through a publish.
   */
  claimLeaseMs?: number;
}

/** What the relay asks of each model it publishes from; every such model's indexes must serve them. */
export const outboxRelayQueryShapes: QueryShape[] = [
  { name: 'outbox relay: pending documents, oldest due time first', equality: ['outboxPending'], sort: { outboxDueAt: 1 } },
  { name: 'outbox relay: the pending events of a claimed document', equality: ['_id'], range: ['outboxDueAt'] },
  { name: 'outbox relay: popping a published event, or backing off a failed one', equality: ['_id', 'outbox.0.id'] },
  { name: 'outbox metrics: pending documents, oldest due time first', equality: ['outboxPending'], sort: { outboxDueAt: 1 } },
];

/** Pending documents the backlog's age is read from at a scrape: enough to find one stuck in backoff, not a pass over a large backlog. */
const AGE_SAMPLE = 1_000;

/** The outbox backlog of these models, for the metrics: documents pending, and the age of the oldest pending event among the first due. */
export async function outboxFigures(models: OutboxRelayOptions['models']): Promise<OutboxFigures> {
  let pending = 0;
  let oldest = Date.now();
  for (const model of models) {
    const documents = (await model.find({ outboxPending: true }, { 'outbox.time': 1 }).sort({ outboxDueAt: 1 }).limit(AGE_SAMPLE).lean()) as {
      outbox?: { time?: string }[];
    }[];
    // Counted only when the sample is full: at every scrape of an idle site the sample is the count.
    pending += documents.length < AGE_SAMPLE ? documents.length : await model.countDocuments({ outboxPending: true });
    for (const { outbox } of documents) {
      const written = Date.parse(outbox?.[0]?.time ?? '');
      if (written < oldest) oldest = written;
    }
  }
  return { pending, oldestAgeSeconds: (Date.now() - oldest) / 1000 };
}

/** One of the models the relay was given. */
type OutboxModel = OutboxRelayOptions['models'][number];

interface PendingDocument {
  _id: unknown;
  outbox: EventEnvelope[];
  outboxAttempts?: number;
}

interface QueuedDocument {
  key: string;
  model: OutboxModel;
  id: unknown;
}

/**
 * Publishes every document's pending events. A pass fetches up to `batchSize` due documents,
 * oldest due time first, into a queue that `concurrency` documents at a time are published from.
 * Nothing waits for a whole batch: a slow or failing document holds one slot (for at most the
 * broker's publish timeout), while the others flow through the remaining slots; once the queue is
 * empty, the next pass fetches more.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private passRequested = false;
  private stopped = true;
  private readonly queue: QueuedDocument[] = [];
  private readonly inFlight = new Map<string, { model: OutboxModel; id: unknown; done: Promise<void> }>();
  /** Documents that finished while a fetch ran: the fetch may have read them before they did. */
  private finishedDuringFetch: Set<string> | undefined;
  private published = 0;
  private pollDelayMs: number;
  /** The earliest due time after now of the documents the last fetch saw (one backing off), if any. */
  private nextDueAt: number | undefined;
  private stopListening: (() => void) | undefined;
  private readonly claims = new Map<OutboxModel, OutboxClaims>();

  constructor(private readonly options: OutboxRelayOptions) {
    this.pollDelayMs = this.intervalMs;
  }

  private get intervalMs(): number {
    return this.options.intervalMs ?? 1_000;
  }

  /** Events published since the relay was made. */
  get publishedCount(): number {
    return this.published;
  }

  start(): void {
    this.stopped = false;
    this.stopListening = this.options.broker.onPublishingReady?.(() => this.nudge());
    this.running = this.markPendingDocuments()
      .catch((err: unknown) => this.options.logger.warn({ err: String(err) }, 'could not mark pending outbox documents'))
      .finally(() => {
        this.running = undefined;
        if (!this.stopped) this.schedule(0);
      });
  }

  /** Publish soon, instead of at the next poll (call after writing an event). */
  nudge(): void {
    if (this.stopped) return;
    this.pollDelayMs = this.intervalMs;
    if (this.running) this.passRequested = true;
    // The polls that follow are the relay's, not part of the request that nudged it.
    else outsideAnyTrace(() => this.schedule(0));
  }

  /** Stops starting documents and waits for those being published. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopListening?.();
    this.queue.length = 0;
    clearTimeout(this.timer);
    await this.running;
    await Promise.all([...this.inFlight.values()].map((entry) => entry.done));
  }

  /**
   * Documents written before `outboxPending` existed (or by hand) carry events without it: mark them
   * pending, due now unless they were due already. A pass over every document, so once per collection.
   */
  private async markPendingDocuments(): Promise<void> {
    for (const model of this.options.models) {
      await runOnce(model.db, `${model.collection.name}:outbox-pending`, () =>
        model.updateMany(
          { 'outbox.0': { $exists: true }, outboxPending: { $exists: false } },
          { $set: { outboxPending: true }, $min: { outboxDueAt: new Date() } },
          relayBookkeeping,
        ),
      );
    }
  }

  private async pass(): Promise<void> {
    const { broker, concurrency = 16 } = this.options;
    if (!broker.canPublish()) return;
    if (this.queue.length === 0 && this.inFlight.size < concurrency) await this.fetchDueDocuments();
    this.startQueued();
  }

  /**
   * Queues the pending documents that are due, oldest due time first. The first one not due yet (a
   * document backing off) is where the fetch stops: its due time is when the relay looks again.
   */
  private async fetchDueDocuments(): Promise<void> {
    const { models, batchSize = 100 } = this.options;
    const finished = new Set<string>();
    this.finishedDuringFetch = finished;
    this.nextDueAt = undefined;
    try {
      for (const model of models) {
        const busy = [...this.inFlight.values()].filter((entry) => entry.model === model).map((entry) => entry.id);
        const documents = await model
          .find({ outboxPending: true, ...(busy.length > 0 ? { _id: { $nin: busy } } : {}) })
          .sort({ outboxDueAt: 1 })
          .limit(batchSize)
          .select({ _id: 1, outboxDueAt: 1 })
          .lean<{ _id: unknown; outboxDueAt?: Date }[]>();
        const now = Date.now();
        for (const document of documents) {
          const dueAt = document.outboxDueAt?.getTime() ?? now;
          if (dueAt > now) {
            this.nextDueAt = Math.min(this.nextDueAt ?? dueAt, dueAt);
            break;
          }
          const key = `${model.modelName}:${String(document._id)}`;
          if (!this.inFlight.has(key) && !finished.has(key)) this.queue.push({ key, model, id: document._id });
        }
      }
    } finally {
      this.finishedDuringFetch = undefined;
    }
  }

  private startQueued(): void {
    const { broker, logger, concurrency = 16 } = this.options;
    // Without a broker, the queued documents would only fail; the next pass fetches them again.
    if (this.stopped || !broker.canPublish()) this.queue.length = 0;
    while (this.inFlight.size < concurrency) {
      const next = this.queue.shift();
      if (!next) break;
      const { key, model, id } = next;
      const done = this.claimAndPublish(model, id)
        .catch((err: unknown) => logger.warn({ document: String(id), err: String(err) }, 'outbox document not updated; will retry'))
        .finally(() => {
          this.inFlight.delete(key);
          this.finishedDuringFetch?.add(key);
          if (this.queue.length > 0) this.startQueued();
          else this.nudge();
        });
      this.inFlight.set(key, { model, id, done });
    }
  }

  private claimsOf(model: OutboxModel): OutboxClaims {
    let claims = this.claims.get(model);
    if (!claims) {
      claims = new OutboxClaims(model.db, this.options.claimLeaseMs ?? 60_000);
      this.claims.set(model, claims);
    }
    return claims;
  }

  /** Publishes the document unless another relay holds it; reads its events only once it holds the claim. */
  private async claimAndPublish(model: OutboxModel, _id: unknown): Promise<void> {
    const claims = this.claimsOf(model);
    const key = `${model.collection.name}:${String(_id)}`;
    if (!(await claims.claim(key))) return;
    try {
      const document = await model
        .findOne({ _id, outboxDueAt: { $lte: new Date() } })
        .select({ outbox: 1, outboxAttempts: 1 })
        .lean<PendingDocument>();
      if (document) await this.publishDocument(model, document, () => claims.renew(key));
    } finally {
      await claims.release(key);
    }
  }

  /** Publishes the document's events in order; on a failure, moves its due time back and stops. */
  private async publishDocument(model: OutboxModel, document: PendingDocument, renewClaim: () => Promise<void>): Promise<void> {
    const { broker, logger, retryDelayMs = defaultOutboxRetryDelay } = this.options;
    const { _id, outbox } = document;
    if (outbox.length === 0) {
      await model.updateOne({ _id, 'outbox.0': { $exists: false } }, { $unset: { outboxPending: 1, outboxDueAt: 1, outboxAttempts: 1 } }, relayBookkeeping);
      return;
    }
    for (const [index, event] of outbox.entries()) {
      // Each update is guarded by the id of the event it pops, so a document another writer or relay
      // changed meanwhile is left alone. ($pull with a condition is unreliable on FerretDB.)
      const isFirst = { _id, 'outbox.0.id': event.id };
      try {
        await inTraceOf(event, () => broker.publish(event));
      } catch (err) {
        // While the broker is away, the outage is to blame, not the document: it stays due.
        if (!broker.canPublish()) return;
        const attempt = (index === 0 ? (document.outboxAttempts ?? 0) : 0) + 1;
        const delayMs = retryDelayMs(attempt);
        await model.updateOne(isFirst, { $set: { outboxDueAt: new Date(Date.now() + delayMs), outboxAttempts: attempt } }, relayBookkeeping);
        logger.warn(
          { document: String(_id), eventId: event.id, type: event.type, attempt, retryInMs: delayMs, err: String(err) },
          'outbox event not published; will retry',
        );
        return;
      }
      this.published += 1;
      if (index === outbox.length - 1) {
        // The last event known: pop it and leave the queue, unless more were added meanwhile.
        const finished = await model.updateOne(
          { ...isFirst, 'outbox.1': { $exists: false } },
          { $pop: { outbox: -1 }, $unset: { outboxPending: 1, outboxDueAt: 1, outboxAttempts: 1 } },
          relayBookkeeping,
        );
        if (finished.matchedCount > 0) return;
      }
      const popped = await model.updateOne(isFirst, { $pop: { outbox: -1 }, $unset: { outboxAttempts: 1 } }, relayBookkeeping);
      // Another write replaced the pending events (an account deletion drops them): what was read is no longer due.
      if (popped.matchedCount === 0) return;
      await renewClaim();
    }
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.passRequested = false;
      const publishedBefore = this.published;
      this.running = this.pass()
        .catch((err: unknown) => this.options.logger.warn({ err: String(err) }, 'outbox relay pass failed; will retry'))
        .finally(() => {
          this.running = undefined;
          const foundNothing = this.published === publishedBefore && this.queue.length === 0 && this.inFlight.size === 0;
          const longest = Math.max(this.intervalMs, this.options.idleIntervalMs ?? 30_000);
          this.pollDelayMs = foundNothing ? Math.min(this.pollDelayMs * 2, longest) : this.intervalMs;
          // A due time already past is one this pass could not publish (no broker): the polls' pace then.
          const untilDue = this.nextDueAt !== undefined && this.nextDueAt > Date.now() ? this.nextDueAt - Date.now() : Infinity;
          if (!this.stopped) this.schedule(this.passRequested ? 0 : Math.min(this.pollDelayMs, untilDue));
        });
    }, delayMs);
  }
}
