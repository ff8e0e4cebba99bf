import { LRUCache } from 'lru-cache';
import type { ProviderDocument, ProviderModel } from '../providers/provider.model';

/**
 * The records kept: a hundred pages of a list. A record takes about 2.3 KB of memory as read (more with
 * a long history), so about 5 MB. (Counted as JSON, a 64 MB cap let them take 100 MB and more.)
 */
const KEPT_RECORDS = 2_000;

/**
 * The provider records that lists show (the admin list's page, a member's saved providers), read
 * by id and kept, least recently used first out. The search index's events keep them true: every
 * change a provider event names is forgotten the moment it is known (`forget`), before the index
 * reads it again, and again once the index has read it (a list may have kept the record in
 * between), so a list shows a change as soon as the index does. A read that a change overtook is
 * answered but not kept, so a record read before a change never outlives it.
 * Profiles and writes read the database itself.
 */
export class ProviderRecordCache {
  private readonly records = new LRUCache<string, ProviderDocument>({ max: KEPT_RECORDS });
  /** Counts the changes forgotten: a read is kept only if none came while it ran. */
  private changes = 0;

  constructor(private readonly providers: ProviderModel) {}

  /** These records changed (all of them: `'all'`). */
  forget(ids: readonly string[] | 'all'): void {
    this.changes += 1;
    if (ids === 'all') this.records.clear();
    else for (const id of ids) this.records.delete(id);
  }

  /** The records of these ids that exist, by id; the caller must not change them. */
  async recordsOf(ids: readonly string[]): Promise<Map<string, ProviderDocument>> {
    const found = new Map<string, ProviderDocument>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const kept = this.records.get(id);
      if (kept) found.set(id, kept);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const changesBefore = this.changes;
    const read = await this.providers.find({ _id: { $in: missing } }).lean<ProviderDocument[]>();
    const unchanged = changesBefore === this.changes;
    for (const record of read) {
      found.set(record._id, record);
      if (unchanged) this.records.set(record._id, record);
    }
    return found;
  }
}
