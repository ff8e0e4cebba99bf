import { type AdminProvidersQuery, type DirectorySearch } from '@altmed/contracts';
import { KeptReadModel, idsNamedBy, type Logger, type ServiceMetrics } from '@altmed/service-kit';
import type { ProviderDocument, ProviderModel } from '../providers/provider.model';
import { ProviderRecordCache } from './provider-records';
import {
  ProviderSearchIndex,
  SEARCH_ENTRY_FIELDS,
  type AdminResult,
  type DirectoryResult,
  type NearSearch,
  type SearchedRecord,
} from './provider-search-index';

/** Records read at a time when every record is read. */
const READ_BATCH = 1_000;

/**
 * This instance's search index (a `KeptReadModel`, read before the service listens): every provider
 * with an account, read again after every provider event (a record gone, or without an account,
 * leaves it); and beside it the records lists show, which its events keep true.
 */
export class ProviderSearch {
  readonly kept: KeptReadModel<SearchedRecord, ProviderSearchIndex>;
  private readonly records: ProviderRecordCache;

  constructor(providers: ProviderModel, { logger, metrics }: { logger: Logger; metrics?: ServiceMetrics }) {
    this.records = new ProviderRecordCache(providers);
    this.kept = new KeptReadModel(
      {
        name: 'provider-search',
        eventTypes: ['provider.changed', 'provider.status_changed', 'provider.registered'],
        idsOf: (event) => idsNamedBy(event, 'provider'),
        // Every record, from the driver's cursor (no mongoose document per record): the index leaves out those
        // without an account, and a filter would make the local database test each record's JSON for it.
        readAll: () => providers.collection.find<SearchedRecord>({}, { projection: SEARCH_ENTRY_FIELDS, batchSize: READ_BATCH }),
        readByIds: async (ids) => {
          const records = await providers
            .find({ _id: { $in: [...ids] } })
            .select(SEARCH_ENTRY_FIELDS)
            .lean<SearchedRecord[]>();
          // A list may have kept a record between the change and this read, and the read may hold a later change.
          this.records.forget(ids);
          return records;
        },
        build: async (records) => {
          const index = await ProviderSearchIndex.of(records);
          // Records a list read while this ran may predate it: the kept ones never lag the index.
          this.records.forget('all');
          return index;
        },
        onChange: (ids) => this.records.forget(ids),
      },
      ProviderSearchIndex.empty(),
      { logger, metrics },
    );
  }

  /** The records of these ids that exist, for a list's page (`ProviderRecordCache`); the caller must not change them. */
  recordsOf(ids: readonly string[]): Promise<Map<string, ProviderDocument>> {
    return this.records.recordsOf(ids);
  }

  directory(search: DirectorySearch, options?: { onlyIds?: readonly string[]; near?: NearSearch }): DirectoryResult {
    return this.kept.index.directory(search, options);
  }

  admin(query: AdminProvidersQuery): AdminResult {
    return this.kept.index.admin(query);
  }
}

/**
 * What every write that carries provider.changed (or another provider event) calls after it, given
 * by service.ts to the features that write provider records: publish the event now, and read the
 * record into this instance's index. The write has happened: a failed read is the index's to make up
 * for (it reads every record again), not the caller's error.
 */
export function providerWrittenTo(search: ProviderSearch, onEventsWritten: () => void): (providerId: string) => Promise<void> {
  return async (providerId) => {
    onEventsWritten();
    await search.kept.written([providerId]);
  };
}
