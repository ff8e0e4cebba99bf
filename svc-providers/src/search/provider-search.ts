import { backOff } from 'exponential-backoff';
import { type AdminProvidersQuery, type DirectorySearch, type EventEnvelope } from '@altmed/contracts';
import { createEvent, settlesWithin, type EventBroker, type Logger } from '@altmed/service-kit';
import type { ProviderModel } from '../providers/provider.model';
import { ProviderSearchIndex, SEARCH_ENTRY_FIELDS, type AdminResult, type DirectoryResult, type SearchedRecord } from './provider-search-index';

/** The events after which a provider's entry is read again. */
const CHANGE_EVENTS = ['provider.changed', 'provider.status_changed', 'provider.registered'];
/** How long the start waits for the subscription before it reads the records anyway (the broker may be away). */
const SUBSCRIPTION_WAIT_MS = 10_000;
/**
 * An event naming this many providers (a bulk write such as the seed's) is answered by one full read,
 * not record by record, once no such event has come for `BULK_QUIET_MS`: a burst of them is one read.
 */
const BULK_CHANGE = 500;
const BULK_QUIET_MS = 2_000;

/** The event that tells every instance to read these providers again; written with the change, through the outbox. */
export const providerChangedEvent = (providerIds: string[]) => createEvent('provider.changed', { providerIds }, 'svc-providers');

function providerIdsOf(event: EventEnvelope): string[] {
  const data = event.data as { providerIds?: unknown; providerId?: unknown };
  if (Array.isArray(data.providerIds)) return data.providerIds.filter((id): id is string => typeof id === 'string');
  return typeof data.providerId === 'string' ? [data.providerId] : [];
}

/**
 * This instance's search index and what keeps it current: a full read of the providers at start
 * (the service takes no traffic before it ends), then the records named by every provider event,
 * which each instance receives on a queue of its own, read again by id. A read is of MongoDB, the
 * truth, so events may come twice; reads run one after another, each applied before the next
 * starts, so an older read never lands over a newer one. A change written by this instance is read
 * again at once too (`refresh`), so its caller sees it in the next search.
 */
export class ProviderSearch {
  private index = new ProviderSearchIndex();
  /** Every read of the database, full or by id, in the order asked. */
  private reads: Promise<unknown> = Promise.resolve();
  private loadStarted = false;
  /** A full read asked for and not started yet: later asks join it. */
  private queuedLoad: Promise<void> | undefined;
  private bulkChangeTimer: NodeJS.Timeout | undefined;
  private resolveFirstSubscription!: () => void;
  private readonly firstSubscription = new Promise<void>((resolve) => (this.resolveFirstSubscription = resolve));

  constructor(
    private readonly providers: ProviderModel,
    private readonly logger: Logger,
  ) {}

  directory(search: DirectorySearch, onlyIds?: readonly string[]): DirectoryResult {
    return this.index.directory(search, onlyIds);
  }

  admin(query: AdminProvidersQuery): AdminResult {
    return this.index.admin(query);
  }

  /** Stops a full read waiting for a burst of bulk changes to end (the service is stopping). */
  stop(): void {
    clearTimeout(this.bulkChangeTimer);
  }

  /** Receives the provider events on this instance's own queue; register before the broker starts. */
  subscribe(broker: EventBroker): void {
    broker.subscribeThisInstance({
      name: 'provider-search',
      eventTypes: CHANGE_EVENTS,
      handle: (event) => this.refresh(providerIdsOf(event)),
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
    await this.serially(() => this.readAll('start'));
    return this.index.size;
  }

  /**
   * Reads every provider with an account into a new index, which then replaces this one (after events
   * may have been missed, or a bulk change); asks made before it starts share it. Failures are logged.
   */
  load(reason: string): Promise<void> {
    this.loadStarted = true;
    this.queuedLoad ??= this.serially(async () => {
      this.queuedLoad = undefined;
      await this.readAll(reason);
    }).catch((err: unknown) => this.logger.error({ reason, err: String(err) }, 'search index not read again; it may miss changes until the next start'));
    return this.queuedLoad;
  }

  /**
   * Reads these providers again (a record gone, or without an account, leaves the index). A read that
   * fails after its retries makes the instance read every record again, so no change stays missed.
   */
  refresh(providerIds: readonly string[]): Promise<void> {
    if (providerIds.length >= BULK_CHANGE) {
      clearTimeout(this.bulkChangeTimer);
      this.bulkChangeTimer = setTimeout(() => void this.load('a bulk change'), BULK_QUIET_MS).unref();
      return Promise.resolve();
    }
    return this.serially(() => this.readByIds(providerIds)).catch((err: unknown) => {
      this.logger.warn({ providers: providerIds.length, err: String(err) }, 'providers not read into the search index; reading every record again');
      void this.load('a refresh failed');
    });
  }

  private serially<T>(read: () => Promise<T>): Promise<T> {
    const next = this.reads.then(read, read);
    this.reads = next.catch(() => undefined);
    return next;
  }

  private async readAll(reason: string): Promise<void> {
    const startedAt = performance.now();
    const records = await this.providers.find({ accountState: 'active' }).select(SEARCH_ENTRY_FIELDS).lean<SearchedRecord[]>();
    this.index = await ProviderSearchIndex.of(records);
    this.logger.info({ reason, providers: this.index.size, ms: Math.round(performance.now() - startedAt) }, 'search index read from the database');
  }

  /** Fewer ids than `BULK_CHANGE` (more go to a full read), so one query. */
  private async readByIds(providerIds: readonly string[]): Promise<void> {
    const ids = [...new Set(providerIds)];
    const records = await backOff(
      () =>
        this.providers
          .find({ _id: { $in: ids } })
          .select(SEARCH_ENTRY_FIELDS)
          .lean<SearchedRecord[]>(),
      {
        numOfAttempts: 5,
        startingDelay: 100,
      },
    );
    const found = new Set(records.map((record) => record._id));
    for (const record of records) this.index.upsert(record);
    for (const id of ids) if (!found.has(id)) this.index.remove(id);
  }
}

/**
 * After a write that carries provider.changed (or another provider event): publish it now, and read
 * the record into this instance's index. The write has happened: a failed read is the index's to make
 * up for (it reads every record again), not the caller's error.
 */
export async function providerWritten(deps: { search: ProviderSearch; onEventsWritten: () => void }, providerId: string): Promise<void> {
  deps.onEventsWritten();
  await deps.search.refresh([providerId]);
}
