import { type AdminProvidersQuery, type DirectorySearch } from '@altmed/contracts';
import {
  EventFedReadModel,
  applyReadByIds,
  createEvent,
  readOwnWrite,
  type EventBroker,
  type Logger,
  type ReadModelFigures,
  idsNamedBy,
} from '@altmed/service-kit';
import type { ProviderDocument, ProviderModel } from '../providers/provider.model';
import { ProviderRecordCache } from './provider-records';
import { ProviderSearchIndex, SEARCH_ENTRY_FIELDS, type AdminResult, type DirectoryResult, type SearchedRecord } from './provider-search-index';

/** Records read at a time when every record is read. */
const READ_BATCH = 1_000;

/** The event that tells every instance to read these providers again; written with the change, through the outbox. */
export const providerChangedEvent = (providerIds: string[]) => createEvent('provider.changed', { providerIds }, 'svc-providers');

/**
 * This instance's search index, kept current as `EventFedReadModel` tells: every provider with an
 * account, read again after every provider event (a record gone, or without an account, leaves it).
 */
export class ProviderSearch {
  private index = new ProviderSearchIndex();
  private readonly kept: EventFedReadModel;
  private readonly records: ProviderRecordCache;

  constructor(providers: ProviderModel, logger: Logger) {
    this.records = new ProviderRecordCache(providers);
    this.kept = new EventFedReadModel(
      {
        name: 'provider-search',
        eventTypes: ['provider.changed', 'provider.status_changed', 'provider.registered'],
        idsOf: (event) => idsNamedBy(event, 'provider'),
        readAll: async () => {
          // Through a cursor: 100,000 whole records at once would take more memory than the index they make.
          const records = providers.find({ accountState: 'active' }).select(SEARCH_ENTRY_FIELDS).lean<SearchedRecord[]>().cursor({ batchSize: READ_BATCH });
          this.index = await ProviderSearchIndex.of(records);
          // Records a list read while this ran may predate it: the kept ones never lag the index.
          this.records.forget('all');
          return this.index.size;
        },
        readByIds: async (ids) => {
          const records = await providers
            .find({ _id: { $in: [...ids] } })
            .select(SEARCH_ENTRY_FIELDS)
            .lean<SearchedRecord[]>();
          applyReadByIds(this.index, ids, records);
          // A list may have kept a record between the change and this read, and the read may hold a later change.
          this.records.forget(ids);
        },
        onChange: (ids) => this.records.forget(ids),
      },
      logger,
    );
  }

  /** The records of these ids that exist, for a list's page (`ProviderRecordCache`); the caller must not change them. */
  recordsOf(ids: readonly string[]): Promise<Map<string, ProviderDocument>> {
    return this.records.recordsOf(ids);
  }

  directory(search: DirectorySearch, onlyIds?: readonly string[]): DirectoryResult {
    return this.index.directory(search, onlyIds);
  }

  admin(query: AdminProvidersQuery): AdminResult {
    return this.index.admin(query);
  }

  /** What the index holds, for `/metrics`. */
  figures(): ReadModelFigures {
    return this.index.figures();
  }

  subscribe(broker: EventBroker): void {
    this.kept.subscribe(broker);
  }

  warmUp(): Promise<number> {
    return this.kept.warmUp();
  }

  load(reason: string): Promise<void> {
    return this.kept.load(reason);
  }

  refresh(providerIds: readonly string[]): Promise<void> {
    return this.kept.refresh(providerIds);
  }

  stop(): void {
    this.kept.stop();
  }
}

/**
 * After a write that carries provider.changed (or another provider event): publish it now, and read
 * the record into this instance's index. The write has happened: a failed read is the index's to make
 * up for (it reads every record again), not the caller's error.
 */
export async function providerWritten(deps: { search: ProviderSearch; onEventsWritten: () => void }, providerId: string): Promise<void> {
  deps.onEventsWritten();
  await readOwnWrite(deps.search.refresh([providerId]));
}
