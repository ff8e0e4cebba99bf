import mongoose, { Schema } from 'mongoose';
import { EventInbox } from './inbox';
import { OutboxClaims } from './outbox-claims';
import { outboxRelayQueryShapes, OUTBOX_INDEX, outboxSchemaFields } from './outbox';
import { isQueryServed, unservedQueryShapes, type IndexSpec, type QueryShape } from './query-shapes';

const shape = (fields: Omit<QueryShape, 'name'>): QueryShape => ({ name: 'a query', ...fields });

describe('isQueryServed', () => {
  it('takes the equality fields in any order, and an index longer than the query', () => {
    const indexes: IndexSpec[] = [[{ userId: 1, status: 1, paidAt: -1 }, {}]];
    expect(isQueryServed(indexes, shape({ equality: ['status', 'userId'] }))).toBe(true);
    expect(isQueryServed(indexes, shape({ equality: ['userId'] }))).toBe(true);
    expect(isQueryServed(indexes, shape({ equality: ['status'] }))).toBe(false);
    expect(isQueryServed(indexes, shape({ equality: ['userId', 'status', 'promoCode'] }))).toBe(false);
  });

  it('wants the sort right after the equality fields, in its order, with every direction kept or every one reversed', () => {
    const indexes: IndexSpec[] = [[{ providerId: 1, createdAt: -1, _id: 1 }, {}]];
    expect(isQueryServed(indexes, shape({ equality: ['providerId'], sort: { createdAt: -1, _id: 1 } }))).toBe(true);
    expect(isQueryServed(indexes, shape({ equality: ['providerId'], sort: { createdAt: 1, _id: -1 } }))).toBe(true);
    expect(isQueryServed(indexes, shape({ equality: ['providerId'], sort: { createdAt: -1, _id: -1 } }))).toBe(false);
    expect(isQueryServed(indexes, shape({ equality: ['providerId'], sort: { _id: 1, createdAt: -1 } }))).toBe(false);
    expect(isQueryServed(indexes, shape({ equality: [], sort: { createdAt: -1 } }))).toBe(false);
  });

  it('misses a sort whose _id tiebreak the index lacks', () => {
    const indexes: IndexSpec[] = [[{ userId: 1, savedAt: -1 }, {}]];
    expect(isQueryServed(indexes, shape({ equality: ['userId'], sort: { savedAt: -1 } }))).toBe(true);
    expect(isQueryServed(indexes, shape({ equality: ['userId'], sort: { savedAt: -1, _id: 1 } }))).toBe(false);
  });

  it('wants the range fields after the sort, not before it', () => {
    const query = shape({ equality: ['accountState'], sort: { nameKey: 1 }, range: ['createdAt'] });
    expect(isQueryServed([[{ accountState: 1, createdAt: 1, nameKey: 1 }, {}]], query)).toBe(false);
    expect(isQueryServed([[{ accountState: 1, nameKey: 1, createdAt: 1 }, {}]], query)).toBe(true);
    expect(isQueryServed([[{ accountState: 1 }, {}]], shape({ equality: ['accountState'], range: ['createdAt'] }))).toBe(false);
  });

  it('wants no equality field after the sort', () => {
    expect(isQueryServed([[{ createdAt: -1, providerId: 1 }, {}]], shape({ equality: ['providerId'], sort: { createdAt: -1 } }))).toBe(false);
  });

  it('serves a range on a sort field from that field', () => {
    expect(isQueryServed([[{ outboxDueAt: 1 }, {}]], shape({ equality: [], sort: { outboxDueAt: 1 }, range: ['outboxDueAt'] }))).toBe(true);
  });

  it('serves a lookup of every field of a unique index, the implicit _id one included, whatever else the query asks', () => {
    expect(isQueryServed([], shape({ equality: ['_id'] }))).toBe(true);
    expect(isQueryServed([], shape({ equality: ['_id', 'status'], range: ['until'] }))).toBe(true);
    expect(isQueryServed([], shape({ equality: [], sort: { _id: -1 } }))).toBe(true);
    expect(isQueryServed([[{ key: 1 }, { unique: true }]], shape({ equality: ['key'], range: ['expire'] }))).toBe(true);
    expect(isQueryServed([[{ key: 1 }, {}]], shape({ equality: ['key'], range: ['expire'] }))).toBe(false);
    expect(isQueryServed([[{ userId: 1, code: 1 }, { unique: true }]], shape({ equality: ['userId'], sort: { paidAt: -1 } }))).toBe(false);
  });

  it('reads named directions, and stops at a key that keeps no order', () => {
    expect(isQueryServed([[{ createdAt: 'desc' }, {}]], shape({ equality: [], sort: { createdAt: 1 } }))).toBe(true);
    const indexes: IndexSpec[] = [[{ state: 1, practiceDescription: 'text' }, {}]];
    expect(isQueryServed(indexes, shape({ equality: ['state'] }))).toBe(true);
    expect(isQueryServed(indexes, shape({ equality: ['state', 'practiceDescription'] }))).toBe(false);
  });
});

describe('unservedQueryShapes', () => {
  it('names each query no index serves, with an index that would', () => {
    const indexes: IndexSpec[] = [[{ userId: 1 }, {}]];
    const shapes: QueryShape[] = [
      { name: 'receipts of a user', equality: ['userId'] },
      { name: 'receipts of a user, newest first', equality: ['userId', 'status'], sort: { paidAt: -1, _id: 1 }, range: ['amount'] },
    ];
    expect(unservedQueryShapes(indexes, shapes)).toEqual([
      'receipts of a user, newest first: no index serves it; one that would: {"userId":1,"status":1,"paidAt":-1,"_id":1,"amount":1}',
    ]);
  });
});

describe("the kit's own collections", () => {
  const connection = mongoose.createConnection();

  it("are served by each model's indexes", () => {
    new EventInbox(connection);
    new OutboxClaims(connection, 60_000);
    const inboxShapes: QueryShape[] = [
      { name: 'inbox: an existing claim on an event', equality: ['_id'] },
      { name: 'inbox: taking over, finishing or releasing a claim', equality: ['_id', 'status', 'claimedAt'] },
    ];
    const claimShapes: QueryShape[] = [
      { name: 'outbox claims: removing an expired claim', equality: ['_id'], range: ['until'] },
      { name: "outbox claims: renewing or releasing the relay's own claim", equality: ['_id', 'relay'] },
    ];
    expect(unservedQueryShapes(connection.model('ProcessedEvent').schema.indexes(), inboxShapes)).toEqual([]);
    expect(unservedQueryShapes(connection.model('OutboxClaim').schema.indexes(), claimShapes)).toEqual([]);
  });

  it('serve the outbox relay from OUTBOX_INDEX, which every model with an outbox declares', () => {
    const schema = new Schema(outboxSchemaFields);
    expect(unservedQueryShapes(schema.indexes(), outboxRelayQueryShapes)).not.toEqual([]);
    schema.index(OUTBOX_INDEX);
    expect(unservedQueryShapes(schema.indexes(), outboxRelayQueryShapes)).toEqual([]);
  });
});
