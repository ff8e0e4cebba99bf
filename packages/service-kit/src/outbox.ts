import { randomUUID } from 'node:crypto';
import { Schema, type Model } from 'mongoose';
import { EventCatalog, type EventData, type EventEnvelope, type EventType } from '@altmed/contracts';
import type { EventBroker } from './broker';
import type { Logger } from './logger';

/**
 * Transactional outbox without multi-document transactions (FerretDB has none): pending events
 * live in an `outbox` array on the document they describe, so the change and its events are one
 * atomic single-document write. The relay publishes them in order with confirms and pops each
 * one only after the broker has it. A crash between the two republishes the event; consumers
 * are idempotent by event id.
 */
export const outboxSchemaField = {
  type: [
    new Schema(
      {
        id: { type: String, required: true },
        type: { type: String, required: true },
        version: { type: Number, required: true },
        time: { type: String, required: true },
        source: { type: String, required: true },
        data: { type: Schema.Types.Mixed, required: true },
      },
      { _id: false, minimize: false },
    ),
  ],
  default: [],
};

export interface WithOutbox {
  outbox: EventEnvelope[];
}

export function createEvent<T extends EventType>(type: T, data: EventData<T>, source: string): EventEnvelope<EventData<T>> {
  const entry = EventCatalog[type];
  return { id: randomUUID(), type, version: entry.version, time: new Date().toISOString(), source, data: entry.data.parse(data) as EventData<T> };
}

export interface OutboxRelayOptions {
  broker: EventBroker;
  // Models differ in their _id type and fields; the relay only reads and pops `outbox`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  models: Model<any>[];
  logger: Logger;
  intervalMs?: number;
  batchSize?: number;
}

export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: OutboxRelayOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Publish soon, instead of at the next poll (call after writing an event). */
  nudge(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /**
   * One pass over every pending event; returns how many were published. A document's events go
   * out in order; one that cannot be published holds back the rest of its document only.
   */
  async publishPending(): Promise<number> {
    const { broker, models, logger, batchSize = 100 } = this.options;
    if (!broker.isConnected()) return 0;
    let published = 0;
    for (const model of models) {
      const documents = await model
        .find({ 'outbox.0': { $exists: true } })
        .select({ outbox: 1 })
        .limit(batchSize)
        .lean<{ _id: unknown; outbox: EventEnvelope[] }[]>();
      for (const document of documents) {
        try {
          for (const event of document.outbox) {
            await broker.publish(event);
            await model.updateOne({ _id: document._id, 'outbox.0.id': event.id }, { $pop: { outbox: -1 } });
            published += 1;
          }
        } catch (err) {
          logger.warn({ document: String(document._id), err: String(err) }, 'outbox event not published yet; will retry');
        }
      }
    }
    return published;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.publishPending()
        .catch((err: unknown) => this.options.logger.warn({ err: String(err) }, 'outbox relay pass failed; will retry'))
        .then(() => undefined)
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.options.intervalMs ?? 1_000);
        });
    }, delayMs);
  }
}
