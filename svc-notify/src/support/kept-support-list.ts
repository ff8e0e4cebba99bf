import { KeptReadModel, idsNamedBy, type Logger, type ServiceMetrics } from '@altmed/service-kit';
import type { SupportMessageModel } from './support-message.model';
import { SUPPORT_LIST_FIELDS, SupportList, type SupportListResult, type SupportMessageRecord } from './support-list';

/** Records read at a time when every message is read. */
const READ_BATCH = 2_000;

/**
 * This instance's Support Center list (a `KeptReadModel`, read after the service listens: until it is
 * read, the list answers 503), kept current by the events written with each message and each reply,
 * which name the message, and by support.message_changed (a deleted member's messages). Another
 * write to messages must carry an event naming them too.
 */
export class KeptSupportList {
  readonly kept: KeptReadModel<SupportMessageRecord, SupportList>;

  constructor(messages: SupportMessageModel, { logger, metrics }: { logger: Logger; metrics?: ServiceMetrics }) {
    this.kept = new KeptReadModel(
      {
        name: 'support-list',
        eventTypes: ['support.message_received', 'support.reply_requested', 'support.message_changed'],
        idsOf: (event) => idsNamedBy(event, 'message'),
        readAll: () => messages.find().select(SUPPORT_LIST_FIELDS).lean<SupportMessageRecord[]>().cursor({ batchSize: READ_BATCH }),
        readByIds: (ids) =>
          messages
            .find({ _id: { $in: [...ids] } })
            .select(SUPPORT_LIST_FIELDS)
            .lean<SupportMessageRecord[]>()
            .exec(),
        build: (records) => SupportList.of(records),
      },
      SupportList.empty(),
      { logger, metrics },
    );
  }

  find(query: Parameters<SupportList['find']>[0]): SupportListResult {
    return this.kept.index.find(query);
  }
}
