import { randomUUID } from 'node:crypto';
import mongoose, { type QueryFilter } from 'mongoose';
import { REVIEW_STATES, type ReviewState } from '@altmed/contracts';
import { ModerationQueueIndex, QUEUED_FIELDS, type QueuedRecord } from './moderation-queue-index';
import { reviewModel, type ReviewDocument, type ReviewModel } from './review.model';

/**
 * The queue against the database's own answer: the query the admin Reviews page ran before the
 * queue (each state's filter, sorted newest submission first), on records with shared dates,
 * reviews older than moderation (no status, no submission date) and inactive ones.
 */
const byTheDatabase: Record<ReviewState, QueryFilter<ReviewDocument>> = {
  pending: { isActive: true, isApproved: false, status: { $ne: 'rejected' } },
  approved: { isActive: true, isApproved: true },
  rejected: { isActive: true, status: 'rejected' },
};

let connection: mongoose.Connection;
let reviews: ReviewModel;

beforeAll(async () => {
  connection = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: `moderation-queue-${randomUUID().slice(0, 8)}` }).asPromise();
  reviews = reviewModel(connection);
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

/** A deterministic stream of numbers, so a failure can be run again. */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

function randomFields(next: (below: number) => number): Partial<ReviewDocument> {
  const kind = next(5);
  const legacy = kind === 4;
  const status = legacy ? undefined : (['pending', 'approved', 'rejected', 'approved'] as const)[kind];
  return {
    isActive: next(8) !== 0,
    isApproved: legacy ? next(2) === 0 : status === 'approved',
    ...(status ? { status } : {}),
    ...(legacy || next(6) === 0 ? {} : { submittedAt: day(next(12)) }),
    createdAt: day(next(6)),
  };
}

async function answersOf(index: ModerationQueueIndex): Promise<void> {
  for (const state of REVIEW_STATES) {
    const expected = (
      await reviews.find(byTheDatabase[state]).sort({ submittedAt: -1, createdAt: -1, _id: 1 }).select({ _id: 1 }).lean<{ _id: string }[]>()
    ).map((review) => review._id);
    expect({ state, ids: index.page(state, 0, 10_000) }).toEqual({ state, ids: expected });
    expect(index.count(state)).toBe(expected.length);
    expect(index.page(state, 20, 20)).toEqual(expected.slice(20, 40));
  }
}

const queuedRecords = () => reviews.find().select(QUEUED_FIELDS).lean<QueuedRecord[]>();

it('lists and counts each state as the database sorts it, at start and after records are added, changed and removed', async () => {
  const next = numbers(20_261_126);
  // Ids of another form than the UUIDs this service makes are kept as they are.
  const ids = Array.from({ length: 300 }, (_, n) => (n % 10 === 0 ? `review-${n}` : randomUUID()));
  await reviews.collection.insertMany(
    ids.map((_id) => ({
      _id,
      providerId: 'p',
      clientName: 'Ada L.',
      satisfactionRating: 4,
      efficacyRating: 4,
      reviewText: '',
      ...randomFields(next),
    })) as never[],
  );
  const index = await ModerationQueueIndex.of(await queuedRecords());
  await answersOf(index);

  for (let change = 0; change < 200; change += 1) {
    const action = next(4);
    if (action === 0) {
      const _id = randomUUID();
      ids.push(_id);
      await reviews.collection.insertOne({
        _id,
        providerId: 'p',
        clientName: 'Bo K.',
        satisfactionRating: 3,
        efficacyRating: 3,
        reviewText: '',
        ...randomFields(next),
      } as never);
      const record = await reviews.findById(_id).select(QUEUED_FIELDS).lean<QueuedRecord>();
      index.upsert(record!);
    } else if (action === 1) {
      const [_id] = ids.splice(next(ids.length), 1);
      await reviews.deleteOne({ _id });
      index.remove(_id!);
    } else {
      const _id = ids[next(ids.length)]!;
      const fields = randomFields(next);
      const unset = Object.fromEntries(['status', 'submittedAt'].filter((field) => !(field in fields)).map((field) => [field, 1]));
      await reviews.collection.updateOne({ _id: _id as never }, { $set: fields, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) });
      const record = await reviews.findById(_id).select(QUEUED_FIELDS).lean<QueuedRecord>();
      index.upsert(record!);
    }
  }
  await answersOf(index);
  await answersOf(await ModerationQueueIndex.of(await queuedRecords()));
});

it('keeps the later of two reads of a review at start, and none when the later one is inactive', async () => {
  const at = day(3);
  const read = (_id: string, fields: Partial<QueuedRecord> = {}): QueuedRecord => ({
    _id,
    isActive: true,
    isApproved: false,
    status: 'pending',
    submittedAt: at,
    createdAt: at,
    ...fields,
  });
  const [approvedLater, inactiveLater] = [randomUUID(), randomUUID()];
  const otherForm = 'review-of-another-form';
  const index = await ModerationQueueIndex.of([
    read(approvedLater),
    read(inactiveLater),
    read(otherForm),
    read(approvedLater, { status: 'approved', isApproved: true }),
    read(inactiveLater, { isActive: false }),
    read(otherForm, { status: 'rejected' }),
  ]);
  expect(REVIEW_STATES.map((state) => index.page(state, 0, 10))).toEqual(
    REVIEW_STATES.map((state) => ({ pending: [], approved: [approvedLater], rejected: [otherForm] })[state]),
  );
  expect(index.size).toBe(2);
});
