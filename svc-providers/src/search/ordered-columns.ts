/** The entries' number in the index (their slot), and how to read the entry of a slot. */
export interface Slotted {
  slot: number;
}

export type Compare<Entry> = (a: Entry, b: Entry) => number;

const INITIAL_CAPACITY = 1_024;

/**
 * Entries kept in one order as columns of numbers (their slot and what a search tests), position by
 * position: a search walks typed arrays, not an object per entry, and an entry comes or goes by
 * moving the columns' tails one place. The order must end in a unique field, so no two entries tie.
 */
export class OrderedColumns<Entry extends Slotted, Column extends string> {
  length = 0;
  readonly values: Record<Column | 'slot', Int32Array>;
  private capacity: number;
  private readonly columnNames: Column[];

  constructor(
    private readonly compare: Compare<Entry>,
    private readonly entryOf: (slot: number) => Entry,
    private readonly columnsOf: Record<Column, (entry: Entry) => number>,
    capacity = INITIAL_CAPACITY,
  ) {
    this.capacity = Math.max(capacity, INITIAL_CAPACITY);
    this.columnNames = Object.keys(columnsOf) as Column[];
    this.values = Object.fromEntries(this.names().map((name) => [name, new Int32Array(this.capacity)])) as Record<Column | 'slot', Int32Array>;
  }

  /** Columns of these entries, given in `compare`'s order. */
  static of<Entry extends Slotted, Column extends string>(
    entries: Entry[],
    compare: Compare<Entry>,
    entryOf: (slot: number) => Entry,
    columnsOf: Record<Column, (entry: Entry) => number>,
  ): OrderedColumns<Entry, Column> {
    const ordered = new OrderedColumns(compare, entryOf, columnsOf, entries.length);
    entries.forEach((entry, position) => ordered.write(position, entry));
    ordered.length = entries.length;
    return ordered;
  }

  /** The entry at a position. */
  at(position: number): Entry {
    return this.entryOf(this.values.slot[position]!);
  }

  insert(entry: Entry): void {
    if (this.length === this.capacity) this.grow();
    const position = this.positionOf(entry);
    for (const column of Object.values<Int32Array>(this.values)) column.copyWithin(position + 1, position, this.length);
    this.write(position, entry);
    this.length += 1;
  }

  /** Takes out an entry as it was inserted (the same values of the fields the order compares). */
  remove(entry: Entry): void {
    const position = this.positionOf(entry);
    if (position >= this.length || this.values.slot[position] !== entry.slot) return;
    for (const column of Object.values<Int32Array>(this.values)) column.copyWithin(position, position + 1, this.length);
    this.length -= 1;
  }

  private names(): (Column | 'slot')[] {
    return ['slot', ...this.columnNames];
  }

  private write(position: number, entry: Entry): void {
    this.values.slot[position] = entry.slot;
    for (const name of this.columnNames) this.values[name][position] = this.columnsOf[name](entry);
  }

  private positionOf(entry: Entry): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(this.at(middle), entry) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private grow(): void {
    this.capacity *= 2;
    for (const name of this.names()) {
      const larger = new Int32Array(this.capacity);
      larger.set(this.values[name]);
      this.values[name] = larger;
    }
  }
}
