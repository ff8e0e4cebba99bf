import { backOff } from 'exponential-backoff';
import type { EventEnvelope } from '@altmed/contracts';
import type { EventBroker } from './broker';
import type { Logger } from './logger';
import { settlesWithin } from './settles-within';

/** How long the start waits for the subscription before it reads the records anyway (the broker may be away). */
const SUBSCRIPTION_WAIT_MS = 10_000;
/**
 * An event naming this many records (a bulk write such as the seed's) is answered by one full read,
 * not record by record, once no such event has come for `BULK_QUIET_MS`: a burst of them is one read.
 */
export const BULK_CHANGE = 500;
const BULK_QUIET_MS = 2_000;

/**
 * How long a write waits for this instance to read what it wrote, so its caller's next answer shows
 * it. Behind a full read (tens of seconds at 100,000 records) the caller is not held longer; the
 * read still happens, in turn.
 */
const OWN_WRITE_WAIT_MS = 1_000;

export async function readOwnWrite(refresh: Promise<void>): Promise<void> {
  await settlesWithin(refresh, OWN_WRITE_WAIT_MS);
}

/** The records an event names, in `data.<name>Ids` (several) or `data.<name>Id` (one): what a read model reads again. */
export function idsNamedBy(event: EventEnvelope, name: string): string[] {
  const data = event.data as Record<string, unknown>;
  const several = data[`${name}Ids`];
  if (Array.isArray(several)) return several.filter((id): id is string => typeof id === 'string');
  const one = data[`${name}Id`];
  return typeof one === 'string' ? [one] : [];
}

/** Applies a read of these ids to a model: each record found takes its place, each id not found leaves it. */
export function applyReadByIds<R extends { _id: string }>(
  model: { upsert: (record: R) => void; remove: (id: string) => void },
  ids: readonly string[],
  records: readonly R[],
): void {
  const found = new Set(records.map((record) => record._id));
  for (const record of records) model.upsert(record);
  for (const id of ids) if (!found.has(id)) model.remove(id);
}

/** What a read model kept in memory reads from the database, and which events name changed records. */
export interface ReadModelSource {
  /** Names the model in logs and its queue (each instance has its own). */
  name: string;
  eventTypes: readonly string[];
  /** The records an event names. */
  idsOf: (event: EventEnvelope) => string[];
  /** Reads every record into a new model, which then replaces the current one; returns how many it holds. */
  readAll: () => Promise<number>;
  /** Reads these records again (fewer than `BULK_CHANGE`); a record not found leaves the model. */
  readByIds: (ids: readonly string[]) => Promise<void>;
  /** Told at once, before the read is queued, which records changed (`'all'` before a full read): for what is kept beside the model. */
  onChange?: (ids: readonly string[] | 'all') => void;
}

/**
 * Keeps a read model of this instance current: a full read at start (the service takes no traffic
 * before it ends), then the records named by the events every instance receives on a queue of its
 * own, read again by id. A read is of MongoDB, the truth, so events may come twice; reads run one
 * after another, each applied before the next starts, so an older read never lands over a newer
 * one. A change written by this instance is read again at once too (`refresh`), so its caller sees
 * it in the next answer.
 */
export class EventFedReadModel {
  /** Every read of the database, full or by id, in the order asked. */
  private reads: Promise<unknown> = Promise.resolve();
  private loadStarted = false;
  /** A full read asked for and not started yet: later asks join it. */
  private queuedLoad: Promise<void> | undefined;
  private bulkChangeTimer: NodeJS.Timeout | undefined;
  private resolveFirstSubscription!: () => void;
  private readonly firstSubscription = new Promise<void>((resolve) => (this.resolveFirstSubscription = resolve));

  constructor(
    private readonly source: ReadModelSource,
    private readonly logger: Logger,
  ) {}

  /** Receives the source's events on this instance's own queue; register before the broker starts. */
  subscribe(broker: EventBroker): void {
    broker.subscribeThisInstance({
      name: this.source.name,
      eventTypes: [...this.source.eventTypes],
      handle: (event) => this.refresh(this.source.idsOf(event)),
      onSubscribed: (first) => {
        this.resolveFirstSubscription();
        // A queue made after the first read began (a late broker, or a reconnect) missed what changed before it.
        if (!first || this.loadStarted) void this.load('the subscription was made after the records were read');
      },
    });
  }

  /** The start: waits for the subscription (so that no change falls between the read and it), then reads every record. */
  async warmUp(): Promise<number> {
    await settlesWithin(this.firstSubscription, SUBSCRIPTION_WAIT_MS);
    this.loadStarted = true;
    return this.serially(() => this.readAll('start'));
  }

  /** Reads every record again (after events may have been missed, or a bulk change); asks made before it starts share it. Failures are logged. */
  load(reason: string): Promise<void> {
    this.loadStarted = true;
    this.source.onChange?.('all');
    this.queuedLoad ??= this.serially(async () => {
      this.queuedLoad = undefined;
      await this.readAll(reason);
    }).catch((err: unknown) =>
      this.logger.error({ model: this.source.name, reason, err: String(err) }, 'read model not read again; it may miss changes until the next start'),
    );
    return this.queuedLoad;
  }

  /**
   * Reads these records again. A read that fails after its retries makes the instance read every
   * record again, so no change stays missed.
   */
  refresh(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    this.source.onChange?.(ids);
    if (ids.length >= BULK_CHANGE) {
      clearTimeout(this.bulkChangeTimer);
      this.bulkChangeTimer = setTimeout(() => void this.load('a bulk change'), BULK_QUIET_MS).unref();
      return Promise.resolve();
    }
    const unique = [...new Set(ids)];
    return this.serially(() => backOff(() => this.source.readByIds(unique), { numOfAttempts: 5, startingDelay: 100 })).catch((err: unknown) => {
      this.logger.warn(
        { model: this.source.name, records: unique.length, err: String(err) },
        'records not read into the read model; reading every record again',
      );
      void this.load('a refresh failed');
    });
  }

  /** Stops a full read waiting for a burst of bulk changes to end (the service is stopping). */
  stop(): void {
    clearTimeout(this.bulkChangeTimer);
  }

  private serially<T>(read: () => Promise<T>): Promise<T> {
    const next = this.reads.then(read, read);
    this.reads = next.catch(() => undefined);
    return next;
  }

  private async readAll(reason: string): Promise<number> {
    const startedAt = performance.now();
    const size = await this.source.readAll();
    this.logger.info({ model: this.source.name, reason, records: size, ms: Math.round(performance.now() - startedAt) }, 'read model read from the database');
    return size;
  }
}
