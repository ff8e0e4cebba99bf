/** What a `NewestFirstList` orders by: its creation time (milliseconds), then its id. */
export interface ListedEntry {
  id: string;
  createdAt: number;
}

/** Newest first, then by id: the order of `{ createdAt: -1, _id: 1 }`. */
export function newestFirst(a: ListedEntry, b: ListedEntry): number {
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The entries of an admin list kept in memory, newest first: a page is a slice, a count of entries
 * created in a period two binary searches, a filtered page a walk that stops once the page is full.
 * An entry changes by replacing it: `upsert` finds its place by binary search.
 */
export class NewestFirstList<E extends ListedEntry> {
  private readonly byId = new Map<string, E>();
  private readonly ordered: E[] = [];
  private changes = 0;

  static of<E extends ListedEntry>(entries: Iterable<E>): NewestFirstList<E> {
    const list = new NewestFirstList<E>();
    for (const entry of entries) list.byId.set(entry.id, entry);
    // Not push(...values): spread arguments overflow the stack past about 125,000 entries.
    for (const entry of list.byId.values()) list.ordered.push(entry);
    list.ordered.sort(newestFirst);
    return list;
  }

  get size(): number {
    return this.byId.size;
  }

  /** Counts the changes: what is kept beside the list (a search text) is stale while it differs. */
  get version(): number {
    return this.changes;
  }

  /** How many entries were created after `time` (at or after it when `inclusive`): a binary search, the entries being newest first. */
  countCreatedAfter(time: number, inclusive = false): number {
    let low = 0;
    let high = this.ordered.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const createdAt = this.ordered[middle]!.createdAt;
      if (createdAt > time || (inclusive && createdAt === time)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Every entry, newest first. */
  values(): readonly E[] {
    return this.ordered;
  }

  get(id: string): E | undefined {
    return this.byId.get(id);
  }

  upsert(entry: E): void {
    this.remove(entry.id);
    this.ordered.splice(this.positionOf(entry), 0, entry);
    this.byId.set(entry.id, entry);
    this.changes += 1;
  }

  remove(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    const position = this.positionOf(entry);
    this.ordered.splice(this.ordered[position] === entry ? position : this.ordered.indexOf(entry), 1);
    this.byId.delete(id);
    this.changes += 1;
  }

  /** The first position whose entry does not come before `entry`. */
  private positionOf(entry: E): number {
    let low = 0;
    let high = this.ordered.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (newestFirst(this.ordered[middle]!, entry) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
