import type { ReviewState } from '@altmed/contracts';
import { KeptReadModel, idsNamedBy, type Logger, type ServiceMetrics } from '@altmed/service-kit';
import type { ReviewModel } from './review.model';
import { ModerationQueueIndex, QUEUED_FIELDS, type QueuedRecord } from './moderation-queue-index';

/** Records read at a time when every review is read. */
const READ_BATCH = 2_000;

/**
 * The admin Reviews page's read model (a `KeptReadModel`, read once the service listens: the page
 * and the provider figures answer 503 until then): which active reviews are in each state, in the
 * page's order, kept current by review.changed. The local database would decode every review of a
 * state to sort or count them. The page's records themselves are read from MongoDB by id.
 */
export class ModerationQueue {
  readonly kept: KeptReadModel<QueuedRecord, ModerationQueueIndex>;

  constructor(reviews: ReviewModel, { logger, metrics }: { logger: Logger; metrics?: ServiceMetrics }) {
    this.kept = new KeptReadModel(
      {
        name: 'review-moderation',
        eventTypes: ['review.changed'],
        idsOf: (event) => idsNamedBy(event, 'review'),
        // Every review, filtered as the index is built: nearly all are active, so a filter would save nothing (see review.model.ts).
        readAll: () => reviews.collection.find<QueuedRecord>({}, { projection: QUEUED_FIELDS, batchSize: READ_BATCH }),
        readByIds: (ids) =>
          reviews
            .find({ _id: { $in: [...ids] } })
            .select(QUEUED_FIELDS)
            .lean<QueuedRecord[]>()
            .exec(),
        build: (records) => ModerationQueueIndex.of(records),
      },
      ModerationQueueIndex.empty(),
      { logger, metrics },
    );
  }

  count(state: ReviewState): number {
    return this.kept.index.count(state);
  }

  page(state: ReviewState, skip: number, limit: number): string[] {
    return this.kept.index.page(state, skip, limit);
  }
}
