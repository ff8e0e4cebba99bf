import { setTimeout as delay } from 'node:timers/promises';
import { backOff } from 'exponential-backoff';
import { PROVIDER_CHANGED_MAX_IDS, type EventEnvelope } from '@altmed/contracts';
import { createEvent, type EventBroker, type Logger } from '@altmed/service-kit';
import type { ProviderModel } from '../providers/provider.model';
import { ProviderSearchIndex, SEARCH_ENTRY_FIELDS, type SearchedRecord } from './provider-search-index';

/** The events after which a provider's entry is read again. */
const CHANGE_EVENTS = ['provider.changed', 'provider.status_changed', 'provider.registered'];
/** How long the start waits for the subscription before it reads the records anyway (the broker may be away). */
const SUBSCRIPTION_WAIT_MS = 10_000;

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
 * truth, so events may come twice or out of order. A change written by this instance is read again
 * at once too (`refresh`), so its caller sees it in the next search.
 */
export class ProviderSearch {
  readonly index = new ProviderSearchIndex();
  /** Ids named while a full read runs: read again once it ends. */
  private changedDuringLoad: Set<string> | undefined;
  private loads = Promise.resolve(0);
  private loaded = false;
  private subscribed!: () => void;
  private readonly firstSubscription = new Promise<void>((resolve) => (this.subscribed = resolve));

  constructor(
    private readonly providers: ProviderModel,
    private readonly logger: Logger,
  ) {}

  /** Receives the provider events on this instance's own queue; register before the broker starts. */
  subscribe(broker: EventBroker): void {
    broker.subscribeThisInstance({
      name: 'provider-search',
      eventTypes: CHANGE_EVENTS,
      handle: (event) => this.refresh(providerIdsOf(event)),
      onSubscribed: (first) => {
        this.subscribed();
        // A queue made after the first read (a late broker, or a reconnect) missed what changed before it.
        if (!first || this.loaded)
          this.load('the subscription was made after the records were read').catch((err: unknown) =>
            this.logger.error({ err: String(err) }, 'search index not read again; it may miss changes until the next start'),
          );
      },
    });
  }

  /** The start: waits for the subscription (so that no change falls between the read and it), then reads every record. */
  async warmUp(): Promise<number> {
    const stopWaiting = new AbortController();
    await Promise.race([this.firstSubscription, delay(SUBSCRIPTION_WAIT_MS, undefined, { signal: stopWaiting.signal })]).finally(() => stopWaiting.abort());
    return this.load('start');
  }

  /** Reads every provider with an account into a new index, one load at a time. */
  load(reason: string): Promise<number> {
    this.loads = this.loads.then(
      () => this.readAll(reason),
      () => this.readAll(reason),
    );
    return this.loads;
  }

  private async readAll(reason: string): Promise<number> {
    const startedAt = performance.now();
    this.changedDuringLoad = new Set();
    let changed: Set<string>;
    try {
      const records = await this.providers.find({ accountState: 'active' }).select(SEARCH_ENTRY_FIELDS).lean<SearchedRecord[]>();
      this.index.replaceAll(records);
      this.loaded = true;
    } finally {
      changed = this.changedDuringLoad;
      this.changedDuringLoad = undefined;
    }
    await this.refresh([...changed]);
    this.logger.info({ reason, providers: this.index.size, ms: Math.round(performance.now() - startedAt) }, 'search index read from the database');
    return this.index.size;
  }

  /** Reads these providers again (a record gone, or without an account, leaves the index). */
  async refresh(providerIds: readonly string[]): Promise<void> {
    if (this.changedDuringLoad) {
      for (const id of providerIds) this.changedDuringLoad.add(id);
      return;
    }
    for (let start = 0; start < providerIds.length; start += PROVIDER_CHANGED_MAX_IDS) {
      const ids = [...new Set(providerIds.slice(start, start + PROVIDER_CHANGED_MAX_IDS))];
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
}
