import { ADMIN_SUPPORT_PAGE_SIZE, type AdminSupportMessage, type SupportMessageStatus } from '@altmed/contracts';
import { MAP_ENTRY_BYTES, NewestFirstList, approximateBytesOf, objectBytes, stringBytes, type ListedEntry, type ReadModelFigures } from '@altmed/service-kit';
import type { SupportMessageDocument } from './support-message.model';

/** What the Support Center shows of a message: every field but the outbox's. */
export type SupportMessageRecord = Pick<
  SupportMessageDocument,
  '_id' | 'name' | 'email' | 'topic' | 'message' | 'status' | 'replies' | 'receivedAt' | 'userId'
>;
export const SUPPORT_LIST_FIELDS = { _id: 1, name: 1, email: 1, topic: 1, message: 1, status: 1, replies: 1, receivedAt: 1, userId: 1 } as const;

export function adminSupportView(message: SupportMessageRecord): AdminSupportMessage {
  return {
    id: message._id,
    name: message.name,
    email: message.email,
    topic: message.topic,
    message: message.message,
    status: message.status,
    receivedAt: message.receivedAt.toISOString(),
    userId: message.userId ?? null,
    replies: message.replies.map((reply) => ({ by: { name: reply.by.name ?? null, email: reply.by.email }, text: reply.text, at: reply.at.toISOString() })),
  };
}

interface ListedMessage extends ListedEntry {
  status: SupportMessageStatus;
  /** The sender's name and email and the message, lowercased, one string: what a search looks in. */
  searched: string;
  record: SupportMessageRecord;
}

/** A listed message's object (its time in a box; the id is the record's), its map entry and its place in the ordered list. */
const LISTED_MESSAGE_BYTES = objectBytes(5, 1) + MAP_ENTRY_BYTES + 8;

export interface SupportListResult {
  messages: AdminSupportMessage[];
  counts: Record<SupportMessageStatus, number>;
  total: number;
}

/**
 * Every Contact message, newest first: the Support Center's read model. A search is one pass that
 * matches, counts each state and keeps the page (10 to 100 ms at 50,000 messages of 800 characters
 * on a busy 2-core machine); the rows come from here too, so a page reads nothing from the database.
 */
export class SupportList {
  private constructor(private readonly entries: NewestFirstList<ListedMessage>) {}

  /** The list of these records, as they come (from a cursor). */
  static async of(records: Iterable<SupportMessageRecord> | AsyncIterable<SupportMessageRecord>): Promise<SupportList> {
    const entries: ListedMessage[] = [];
    for await (const record of records) entries.push(listed(record));
    return new SupportList(NewestFirstList.of(entries));
  }

  static empty(): SupportList {
    return new SupportList(new NewestFirstList());
  }

  get size(): number {
    return this.entries.size;
  }

  /** Its messages and their memory, roughly: each entry's object and search text, and the record it keeps for its row. */
  memoryFigures(): ReadModelFigures {
    let bytes = 0;
    for (const message of this.entries.values()) bytes += LISTED_MESSAGE_BYTES + stringBytes(message.searched) + approximateBytesOf(message.record);
    return { entries: this.entries.size, approximateBytes: bytes };
  }

  /** The page asked for of one state; every word of the search must be in the sender's name or email or the message, in any case. */
  find({ status, search, page }: { status: SupportMessageStatus; search?: string; page: number }): SupportListResult {
    const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const skip = (page - 1) * ADMIN_SUPPORT_PAGE_SIZE;
    const counts = { open: 0, answered: 0 };
    const messages: AdminSupportMessage[] = [];
    for (const message of this.entries.values()) {
      if (words.length > 0 && !words.every((word) => message.searched.includes(word))) continue;
      counts[message.status] += 1;
      if (message.status !== status) continue;
      if (counts[status] > skip && messages.length < ADMIN_SUPPORT_PAGE_SIZE) messages.push(adminSupportView(message.record));
    }
    return { messages, counts, total: counts[status] };
  }

  upsert(record: SupportMessageRecord): void {
    this.entries.upsert(listed(record));
  }

  remove(id: string): void {
    this.entries.remove(id);
  }
}

function listed(record: SupportMessageRecord): ListedMessage {
  return {
    id: record._id,
    createdAt: record.receivedAt.getTime(),
    status: record.status,
    searched: `${record.name}\n${record.email}\n${record.message}`.toLowerCase(),
    record,
  };
}
