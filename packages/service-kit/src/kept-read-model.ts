import { backOff } from 'exponential-backoff';
import type { EventEnvelope } from '@altmed/contracts';
import type { EventBroker } from './broker';
import { AppError } from './errors';
import type { Logger } from './logger';
import type { ReadModelFigures, ServiceMetrics } from './metrics';
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
/** How long a call waits for a model read in the background before it answers 503. */
const FIRST_READ_WAIT_MS = 5_000;

/** The records an event names, in `data.<name>Ids` (several) or `data.<name>Id` (one): what a read model reads again. */
export function idsNamedBy(event: EventEnvelope, name: string): string[] {
  const data = event.data as Record<string, unknown>;
  const several = data[`${name}Ids`];
  if (Array.isArray(several)) return several.filter((id): id is string => typeof id === 'string');
  const one = data[`${name}Id`];
  return typeof one === 'string' ? [one] : [];
}

/** What a read model answers from: built from every record, then kept current one record at a time. */
export interface ReadModelIndex<R> {
  readonly size: number;
  /** Puts the record in its place; a record the model does not show leaves it. */
  upsert: (record: R) => void;
  remove: (id: string) => void;
  /** Its entries and approximate memory, for `/metrics`. */
  memoryFigures: () => ReadModelFigures;
}

/** Where a read model's records come from, and which events name changed ones. */
export interface ReadModelSource<R extends { _id: string }, I extends ReadModelIndex<R>> {
  /** Names the model in logs, metrics and its queue (each instance has its own). */
  name: string;
  eventTypes: readonly string[];
  /** The records an event names. */
  idsOf: (event: EventEnvelope) => string[];
  /** Every record, as a cursor gives them: never all of them in memory at once. */
  readAll: () => AsyncIterable<R>;
  /** These records as they are now (fewer than `BULK_CHANGE`); an id not found leaves the model. */
  readByIds: (ids: readonly string[]) => Promise<R[]>;
  /** A new index of these records. */
  build: (records: AsyncIterable<R>) => Promise<I>;
  /** Told at once, before the read is queued, which records changed (`'all'` before a full read): for what is kept beside the model. */
  onChange?: (ids: readonly string[] | 'all') => void;
}

/**
 * A read model held by each instance in memory: an index built from every record, kept current by
 * the events every instance receives on a queue of its own, which name the records to read again by
 * id. MongoDB stays the truth, so an event may come twice; reads run one after another, each applied
 * before the next starts, so an older read never lands over a newer one. A change written by this
 * instance is read at once (`written`), so its caller sees it in the next answer. A full read builds
 * a new index while the current one answers.
 *
 * It is read either before the service listens (`warmUp`: the service's own calls need it), or after
 * (`readInBackground`: an admin list, which answers 503 until then, `whenRead`).
 */
export class KeptReadModel<R extends { _id: string }, I extends ReadModelIndex<R>> {
  private current: I;
  /** Every read of the database, full or by id, in the order asked. */
  private reads: Promise<unknown> = Promise.resolve();
  private loadStarted = false;
  private stopped = false;
  /** A full read asked for and not started yet: later asks join it. */
  private queuedLoad: Promise<void> | undefined;
  private bulkChangeTimer: NodeJS.Timeout | undefined;
  private resolveFirstSubscription!: () => void;
  private readonly firstSubscription = new Promise<void>((resolve) => (this.resolveFirstSubscription = resolve));
  private markRead!: () => void;
  private readonly firstRead = new Promise<void>((resolve) => (this.markRead = resolve));
  private readonly logger: Logger;
  /** Counts the reads applied; the figures are computed again only after one (a walk of every entry). */
  private readsApplied = 0;
  private figures: { afterRead: number; figures: ReadModelFigures } | undefined;

  constructor(
    private readonly source: ReadModelSource<R, I>,
    empty: I,
    { logger, metrics }: { logger: Logger; metrics?: ServiceMetrics },
  ) {
    this.current = empty;
    this.logger = logger;
    metrics?.readModel(source.name, () => this.memoryFigures());
  }

  /** The index as last read: answer from it without keeping it across an await (a full read replaces it). */
  get index(): I {
    return this.current;
  }

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

  /** The start, before the service listens: waits for the subscription (so that no change falls between the read and it), then reads every record. */
  async warmUp(): Promise<number> {
    await settlesWithin(this.firstSubscription, SUBSCRIPTION_WAIT_MS);
    this.loadStarted = true;
    return this.serially(() => this.readAll('start'));
  }

  /** The start of a model the service's own calls do not need: read after it listens, tried again (up to every 30 s) until it succeeds. */
  readInBackground(): void {
    void backOff(() => this.warmUp(), {
      numOfAttempts: Number.MAX_SAFE_INTEGER,
      startingDelay: 1_000,
      maxDelay: 30_000,
      retry: (err: unknown) => {
        if (this.stopped) return false;
        this.logger.warn({ model: this.source.name, err: String(err) }, 'read model not read; reading it again');
        return true;
      },
    }).catch(() => undefined);
  }

  /** Waits up to `FIRST_READ_WAIT_MS` for the first read; a model still loading answers 503 with `loadingMessage`. */
  async whenRead(loadingMessage: string): Promise<void> {
    if (!(await this.isRead(FIRST_READ_WAIT_MS))) throw new AppError(503, loadingMessage);
  }

  /** Whether the first read has ended within `waitMs`. */
  async isRead(waitMs: number): Promise<boolean> {
    return settlesWithin(
      this.firstRead.then(() => true),
      waitMs,
    ).then((read) => read === true);
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
    return this.serially(() => backOff(() => this.readByIds(unique), { numOfAttempts: 5, startingDelay: 100 })).catch((err: unknown) => {
      this.logger.warn(
        { model: this.source.name, records: unique.length, err: String(err) },
        'records not read into the read model; reading every record again',
      );
      void this.load('a refresh failed');
    });
  }

  /** After this instance wrote these records: waits (a little) until it has read them, so its caller's next answer shows the change. */
  async written(ids: readonly string[]): Promise<void> {
    await settlesWithin(this.refresh(ids), OWN_WRITE_WAIT_MS);
  }

  /** Stops a full read waiting for a burst of bulk changes to end, and the background read's retries (the service is stopping). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.bulkChangeTimer);
  }

  /** The index's figures for `/metrics`, as of the last read applied: an idle site's scrapes walk nothing. */
  private memoryFigures(): ReadModelFigures {
    if (this.figures?.afterRead !== this.readsApplied) this.figures = { afterRead: this.readsApplied, figures: this.current.memoryFigures() };
    return this.figures.figures;
  }

  private serially<T>(read: () => Promise<T>): Promise<T> {
    const next = this.reads.then(read, read);
    this.reads = next.catch(() => undefined);
    return next;
  }

  private async readAll(reason: string): Promise<number> {
    const startedAt = performance.now();
    this.current = await this.source.build(this.source.readAll());
    this.readsApplied += 1;
    this.markRead();
    const records = this.current.size;
    this.logger.info({ model: this.source.name, reason, records, ms: Math.round(performance.now() - startedAt) }, 'read model read from the database');
    return records;
  }

  private async readByIds(ids: readonly string[]): Promise<void> {
    const records = await this.source.readByIds(ids);
    const found = new Set(records.map((record) => record._id));
    for (const record of records) this.current.upsert(record);
    for (const id of ids) if (!found.has(id)) this.current.remove(id);
    this.readsApplied += 1;
  }
}
