import { Schema, type Connection, type Model } from 'mongoose';
import { SUPPORT_MESSAGE_STATUSES, SUPPORT_TOPICS, type SupportMessageStatus, type SupportTopic } from '@altmed/contracts';
import { OUTBOX_INDEX, outboxSchemaFields, type WithOutbox } from '@altmed/service-kit';

export interface SupportReply {
  by: { id: string; email: string };
  text: string;
  at: Date;
}

/** A message from the Contact page, and the administrators' email replies to it. */
export interface SupportMessageDocument extends WithOutbox {
  _id: string;
  name: string;
  email: string;
  topic: SupportTopic;
  message: string;
  status: SupportMessageStatus;
  replies: SupportReply[];
  receivedAt: Date;
}

const supportMessageSchema = new Schema<SupportMessageDocument>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    email: { type: String, required: true },
    topic: { type: String, enum: SUPPORT_TOPICS, required: true },
    message: { type: String, required: true },
    status: { type: String, enum: SUPPORT_MESSAGE_STATUSES, required: true },
    replies: {
      type: [
        new Schema<SupportReply>(
          {
            by: { id: { type: String, required: true }, email: { type: String, required: true } },
            text: { type: String, required: true },
            at: { type: Date, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    receivedAt: { type: Date, required: true },
    ...outboxSchemaFields,
  },
  { versionKey: false },
);
// The Support Center: one state's messages, newest first.
supportMessageSchema.index({ status: 1, receivedAt: -1, _id: 1 });
supportMessageSchema.index(OUTBOX_INDEX);

export type SupportMessageModel = Model<SupportMessageDocument>;

export function supportMessageModel(connection: Connection): SupportMessageModel {
  return connection.model<SupportMessageDocument>('SupportMessage', supportMessageSchema, 'support_messages');
}
