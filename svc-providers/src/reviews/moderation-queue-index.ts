import { REVIEW_STATES, type ReviewState } from '@altmed/contracts';
import { MAP_ENTRY_BYTES, stringBytes, type ReadModelFigures } from '@altmed/service-kit';
import type { ReviewDocument } from './review.model';

/** What the queue holds of a review: its state and the admin Reviews page's order. */
export type QueuedRecord = Pick<ReviewDocument, '_id' | 'isActive' | 'isApproved' | 'status' | 'submittedAt' | 'createdAt'>;
export const QUEUED_FIELDS = { _id: 1, isActive: 1, isApproved: 1, status: 1, submittedAt: 1, createdAt: 1 } as const;

/** Where a review stands; reviews older than moderation have only the flag (as has one whose status is not ours). */
export function reviewStateOf(review: Pick<ReviewDocument, 'status' | 'isApproved'>): ReviewState {
  // The constant, not the record's own copy of the word: a queue of 200,000 reviews keeps one.
  const known = REVIEW_STATES.find((state) => state === review.status);
  if (known) return known;
  return review.isApproved ? 'approved' : 'pending';
}

/** A date as a number to sort by; none (or not a date, which the schema never writes) comes last, as null does in MongoDB's descending sort. */
function timeOf(value: unknown): number {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value.getTime() : Number.NEGATIVE_INFINITY;
}

/** The ids this service makes (`reviewIdOf`, the seed's): lowercase UUIDs, kept as their 128 bits. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ID_WORDS = 4;

/** Writes a lowercase UUID's 128 bits as four words at `at`; false for any other id. */
function writeUuid(id: string, words: Uint32Array, at: number): boolean {
  if (!UUID.test(id)) return false;
  words[at] = parseInt(id.slice(0, 8), 16);
  words[at + 1] = parseInt(id.slice(9, 13) + id.slice(14, 18), 16);
  words[at + 2] = parseInt(id.slice(19, 23) + id.slice(24, 28), 16);
  words[at + 3] = parseInt(id.slice(28, 36), 16);
  return true;
}

const hex = (word: number) => word.toString(16).padStart(8, '0');

function readUuid(words: Uint32Array, at: number): string {
  const [a, b, c, d] = [hex(words[at]!), hex(words[at + 1]!), hex(words[at + 2]!), hex(words[at + 3]!)];
  return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
}

/** The order of two ids' 128 bits (four words each, from `at` and `otherAt`). */
function compareWords(words: Uint32Array, at: number, other: Uint32Array, otherAt: number): number {
  for (let word = 0; word < ID_WORDS; word += 1) {
    const difference = words[at + word]! - other[otherAt + word]!;
    if (difference !== 0) return difference;
  }
  return 0;
}

/** A growing list of slots: an entry comes or goes by moving the tail one place. */
class SlotList {
  length = 0;
  private slots: Int32Array;

  constructor(capacity = 0) {
    this.slots = new Int32Array(Math.max(capacity, 16));
  }

  static of(slots: readonly number[] | Int32Array): SlotList {
    const list = new SlotList(slots.length);
    list.slots.set(slots);
    list.length = slots.length;
    return list;
  }

  get byteLength(): number {
    return this.slots.byteLength;
  }

  at(position: number): number {
    return this.slots[position]!;
  }

  insert(position: number, slot: number): void {
    if (this.length === this.slots.length) {
      const larger = new Int32Array(Math.ceil(this.slots.length * 1.5));
      larger.set(this.slots);
      this.slots = larger;
    }
    this.slots.copyWithin(position + 1, position, this.length);
    this.slots[position] = slot;
    this.length += 1;
  }

  removeAt(position: number): void {
    this.slots.copyWithin(position, position + 1, this.length);
    this.length -= 1;
  }

  indexOf(slot: number): number {
    return this.slots.subarray(0, this.length).indexOf(slot);
  }

  /** The first position whose slot does not come before `slot` by `compare`. */
  positionOf(slot: number, compare: (a: number, b: number) => number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(this.slots[middle]!, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  slice(start: number, end: number): Int32Array {
    return this.slots.slice(start, Math.min(end, this.length));
  }
}

/** A free slot's state. */
const FREE = 255;
const STATE_NUMBER = new Map<ReviewState, number>(REVIEW_STATES.map((state, number) => [state, number]));

/**
 * The active reviews of each state in the page's order: a page is a slice, a count a length. Compact:
 * a review is a slot in columns of numbers (its id's 128 bits, its two times, its state), listed by
 * slot in each state's order and in the ids' order (to find it again); no object or string per review.
 */
export class ModerationQueueIndex {
  private capacity = 0;
  /** Slots given so far; a removed review's slot is given again. */
  private slotCount = 0;
  private readonly freeSlots: number[] = [];
  private idWords = new Uint32Array(0);
  private submittedAt = new Float64Array(0);
  private createdAt = new Float64Array(0);
  private states = new Uint8Array(0);
  /** The slots of UUID ids, in the ids' order. */
  private byId = new SlotList();
  /** Ids of another form (none that this service writes), by id and by slot. */
  private readonly otherSlots = new Map<string, number>();
  private readonly otherIds = new Map<number, string>();
  private readonly lists = REVIEW_STATES.map(() => new SlotList());
  private readonly wanted = new Uint32Array(ID_WORDS);

  static empty(): ModerationQueueIndex {
    return new ModerationQueueIndex();
  }

  /** The index of these records, as they come (from a cursor: only the compact columns are kept; a review read twice keeps its later read). */
  static async of(records: Iterable<QueuedRecord> | AsyncIterable<QueuedRecord>): Promise<ModerationQueueIndex> {
    const index = new ModerationQueueIndex();
    const read: number[] = [];
    /** Slots of reads not kept, freed once every record is read (a slot is given once during the read, so slots follow the reads' order). */
    const dropped: number[] = [];
    for await (const record of records) {
      const slot = index.newSlot();
      index.write(slot, record);
      if (!index.otherIds.has(slot)) read.push(slot);
      else {
        const earlier = index.otherSlots.get(record._id);
        if (earlier !== undefined) dropped.push(earlier);
        if (record.isActive) index.otherSlots.set(record._id, slot);
        else {
          index.otherSlots.delete(record._id);
          dropped.push(slot);
        }
      }
      if (!record.isActive) index.states[slot] = FREE;
    }
    // In the ids' order a review read twice has its reads side by side, the later last: that one is kept (an inactive one, none).
    read.sort((a, b) => index.compareIds(a, b) || a - b);
    const byId: number[] = [];
    for (let at = 0; at < read.length; at += 1) {
      const slot = read[at]!;
      const next = read[at + 1];
      if ((next !== undefined && index.compareIds(slot, next) === 0) || index.states[slot] === FREE) dropped.push(slot);
      else byId.push(slot);
    }
    for (const slot of dropped) index.free(slot);
    index.byId = SlotList.of(byId);
    const inState = REVIEW_STATES.map(() => [] as number[]);
    for (const slot of [...byId, ...index.otherSlots.values()]) inState[index.states[slot]!]!.push(slot);
    inState.forEach((slots, state) => (index.lists[state] = SlotList.of(slots.sort(index.newestSubmissionFirst))));
    return index;
  }

  get size(): number {
    return this.lists.reduce((sum, list) => sum + list.length, 0);
  }

  /** Its reviews and their memory, roughly: the columns and lists (with their room to grow), and ids of another form. */
  memoryFigures(): ReadModelFigures {
    let bytes = this.idWords.byteLength + this.submittedAt.byteLength + this.createdAt.byteLength + this.states.byteLength + this.freeSlots.length * 8;
    bytes += this.byId.byteLength + this.lists.reduce((sum, list) => sum + list.byteLength, 0);
    for (const id of this.otherSlots.keys()) bytes += 2 * MAP_ENTRY_BYTES + stringBytes(id);
    return { entries: this.size, approximateBytes: bytes };
  }

  count(state: ReviewState): number {
    return this.lists[STATE_NUMBER.get(state)!]!.length;
  }

  /** The ids of a page of one state's reviews. */
  page(state: ReviewState, skip: number, limit: number): string[] {
    return Array.from(this.lists[STATE_NUMBER.get(state)!]!.slice(skip, skip + limit), (slot) => this.idOf(slot));
  }

  /** Puts the record in its state's place; an inactive one leaves the queue. */
  upsert(record: QueuedRecord): void {
    this.remove(record._id);
    if (!record.isActive) return;
    const slot = this.newSlot();
    this.write(slot, record);
    if (this.otherIds.has(slot)) this.otherSlots.set(record._id, slot);
    else this.byId.insert(this.byId.positionOf(slot, this.compareIds), slot);
    const list = this.lists[this.states[slot]!]!;
    list.insert(list.positionOf(slot, this.newestSubmissionFirst), slot);
  }

  remove(id: string): void {
    const slot = this.slotOf(id);
    if (slot === undefined) return;
    const list = this.lists[this.states[slot]!]!;
    const found = list.positionOf(slot, this.newestSubmissionFirst);
    const position = found < list.length && list.at(found) === slot ? found : list.indexOf(slot);
    if (position !== -1) list.removeAt(position);
    if (this.otherIds.has(slot)) this.otherSlots.delete(id);
    else this.byId.removeAt(this.byId.positionOf(slot, this.compareIds));
    this.free(slot);
  }

  private slotOf(id: string): number | undefined {
    if (!writeUuid(id, this.wanted, 0)) return this.otherSlots.get(id);
    let low = 0;
    let high = this.byId.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const order = compareWords(this.idWords, this.byId.at(middle) * ID_WORDS, this.wanted, 0);
      if (order === 0) return this.byId.at(middle);
      if (order < 0) low = middle + 1;
      else high = middle;
    }
    return undefined;
  }

  private idOf(slot: number): string {
    return this.otherIds.get(slot) ?? readUuid(this.idWords, slot * ID_WORDS);
  }

  /** Writes the record's columns into the slot; an id of another form is kept as it is. */
  private write(slot: number, record: QueuedRecord): void {
    this.otherIds.delete(slot);
    if (!writeUuid(record._id, this.idWords, slot * ID_WORDS)) this.otherIds.set(slot, record._id);
    this.submittedAt[slot] = timeOf(record.submittedAt);
    this.createdAt[slot] = timeOf(record.createdAt);
    this.states[slot] = STATE_NUMBER.get(reviewStateOf(record))!;
  }

  private newSlot(): number {
    const free = this.freeSlots.pop();
    if (free !== undefined) return free;
    if (this.slotCount === this.capacity) this.grow();
    return this.slotCount++;
  }

  private free(slot: number): void {
    this.states[slot] = FREE;
    this.otherIds.delete(slot);
    this.freeSlots.push(slot);
  }

  private grow(): void {
    this.capacity = Math.max(1_024, Math.ceil(this.capacity * 1.5));
    const idWords = new Uint32Array(this.capacity * ID_WORDS);
    const submittedAt = new Float64Array(this.capacity);
    const createdAt = new Float64Array(this.capacity);
    const states = new Uint8Array(this.capacity);
    idWords.set(this.idWords);
    submittedAt.set(this.submittedAt);
    createdAt.set(this.createdAt);
    states.set(this.states);
    [this.idWords, this.submittedAt, this.createdAt, this.states] = [idWords, submittedAt, createdAt, states];
  }

  /** The ids' order (a UUID's 128 bits in order are its text in order). */
  private readonly compareIds = (a: number, b: number): number => {
    if (this.otherIds.size === 0 || (!this.otherIds.has(a) && !this.otherIds.has(b)))
      return compareWords(this.idWords, a * ID_WORDS, this.idWords, b * ID_WORDS);
    const [first, second] = [this.idOf(a), this.idOf(b)];
    return first < second ? -1 : first > second ? 1 : 0;
  };

  /** Newest submission first, then newest record, then id: the order of `{ submittedAt: -1, createdAt: -1, _id: 1 }`. */
  private readonly newestSubmissionFirst = (a: number, b: number): number => {
    if (this.submittedAt[a] !== this.submittedAt[b]) return this.submittedAt[a]! > this.submittedAt[b]! ? -1 : 1;
    if (this.createdAt[a] !== this.createdAt[b]) return this.createdAt[a]! > this.createdAt[b]! ? -1 : 1;
    return this.compareIds(a, b);
  };
}
