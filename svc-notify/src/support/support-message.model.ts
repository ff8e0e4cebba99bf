import { Schema, type Connection, type Model } from 'mongoose';
import { SUPPORT_MESSAGE_STATUSES, SUPPORT_TOPICS, type SupportMessageStatus, type SupportTopic } from '@altmed/contracts';
import { OUTBOX_INDEX, outboxSchemaFields, type WithOutbox } from '@altmed/service-kit';

export interface SupportReply {
  /** The administrator; `name` is absent on replies kept before names were. */
  by: { id: string; name?: string; email: string };
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
  /** The member who sent it while logged in, from their token; absent for a visitor (and on messages from before it was kept). */
  userId?: string;
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
            by: { id: { type: String, required: true }, name: { type: String }, email: { type: String, required: true } },
            text: { type: String, required: true },
            at: { type: Date, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    receivedAt: { type: Date, required: true },
    userId: { type: String },
    ...outboxSchemaFields,
  },
  { versionKey: false },
);
// The Support Center lists, counts and searches from its read model (support-list.ts), which reads messages by id.
supportMessageSchema.index(OUTBOX_INDEX);
// A deleted member's messages: those they sent logged in, and those sent from their email.
supportMessageSchema.index({ userId: 1 });
supportMessageSchema.index({ email: 1 });

export type SupportMessageModel = Model<SupportMessageDocument>;

export function supportMessageModel(connection: Connection): SupportMessageModel {
  return connection.model<SupportMessageDocument>('SupportMessage', supportMessageSchema, 'support_messages');
}
