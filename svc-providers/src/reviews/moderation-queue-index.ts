import { REVIEW_STATES, type ReviewState } from '@altmed/contracts';
import { MAP_ENTRY_BYTES, objectBytes, stringBytes, type ReadModelFigures } from '@altmed/service-kit';
import type { ReviewDocument } from './review.model';

/** What the queue holds of a review: its state and the admin Reviews page's order. */
export type QueuedRecord = Pick<ReviewDocument, '_id' | 'isActive' | 'isApproved' | 'status' | 'submittedAt' | 'createdAt'>;
export const QUEUED_FIELDS = { _id: 1, isActive: 1, isApproved: 1, status: 1, submittedAt: 1, createdAt: 1 } as const;

interface QueuedReview {
  id: string;
  state: ReviewState;
  /** Milliseconds; a review older than moderation has none and comes last, as in MongoDB's descending sort. */
  submittedAt: number;
  createdAt: number;
}

/** A queued review's object (two of its numbers in boxes), its map entry and its place in its state's list. */
const QUEUED_REVIEW_BYTES = objectBytes(4, 2) + MAP_ENTRY_BYTES + 8;

/** Where a review stands; reviews older than moderation have only the flag (as has one whose status is not ours). */
export function reviewStateOf(review: Pick<ReviewDocument, 'status' | 'isApproved'>): ReviewState {
  // The constant, not the record's own copy of the word: a queue of 200,000 reviews keeps one.
  const known = REVIEW_STATES.find((state) => state === review.status);
  if (known) return known;
  return review.isApproved ? 'approved' : 'pending';
}

/** Newest submission first, then newest record, then `_id`: the order of `{ submittedAt: -1, createdAt: -1, _id: 1 }`. */
function newestSubmissionFirst(a: QueuedReview, b: QueuedReview): number {
  if (a.submittedAt !== b.submittedAt) return a.submittedAt > b.submittedAt ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A date as a number to sort by; none (or not a date, which the schema never writes) comes last, as null does in MongoDB's descending sort. */
function timeOf(value: unknown): number {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value.getTime() : Number.NEGATIVE_INFINITY;
}

function queued(record: QueuedRecord): QueuedReview {
  return { id: record._id, state: reviewStateOf(record), submittedAt: timeOf(record.submittedAt), createdAt: timeOf(record.createdAt) };
}

/** The active reviews of each state in the page's order: a page is a slice, a count a length. */
export class ModerationQueueIndex {
  private readonly byId = new Map<string, QueuedReview>();
  private readonly lists = Object.fromEntries(REVIEW_STATES.map((state) => [state, [] as QueuedReview[]])) as Record<ReviewState, QueuedReview[]>;

  static empty(): ModerationQueueIndex {
    return new ModerationQueueIndex();
  }

  /** The index of these records, as they come (from a cursor: only the compact entries are kept). */
  static async of(records: Iterable<QueuedRecord> | AsyncIterable<QueuedRecord>): Promise<ModerationQueueIndex> {
    const index = new ModerationQueueIndex();
    for await (const record of records) if (record.isActive) index.byId.set(record._id, queued(record));
    for (const review of index.byId.values()) index.lists[review.state].push(review);
    for (const state of REVIEW_STATES) index.lists[state].sort(newestSubmissionFirst);
    return index;
  }

  get size(): number {
    return this.byId.size;
  }

  /** Its reviews and their memory, roughly: each one's object, id and place in the map and in its list. */
  memoryFigures(): ReadModelFigures {
    let bytes = 0;
    for (const review of this.byId.values()) bytes += QUEUED_REVIEW_BYTES + stringBytes(review.id);
    return { entries: this.byId.size, approximateBytes: bytes };
  }

  count(state: ReviewState): number {
    return this.lists[state].length;
  }

  /** The ids of a page of one state's reviews. */
  page(state: ReviewState, skip: number, limit: number): string[] {
    return this.lists[state].slice(skip, skip + limit).map((review) => review.id);
  }

  /** Puts the record in its state's place; an inactive one leaves the queue. */
  upsert(record: QueuedRecord): void {
    this.remove(record._id);
    if (!record.isActive) return;
    const review = queued(record);
    const list = this.lists[review.state];
    list.splice(this.positionOf(list, review), 0, review);
    this.byId.set(review.id, review);
  }

  remove(id: string): void {
    const review = this.byId.get(id);
    if (!review) return;
    const list = this.lists[review.state];
    const position = this.positionOf(list, review);
    list.splice(list[position] === review ? position : list.indexOf(review), 1);
    this.byId.delete(id);
  }

  /** The first position whose review does not come before `review`. */
  private positionOf(list: readonly QueuedReview[], review: QueuedReview): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (newestSubmissionFirst(list[middle]!, review) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
