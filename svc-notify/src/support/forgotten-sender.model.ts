import { Schema, type Connection, type Model } from 'mongoose';
import { OUTBOX_INDEX, outboxSchemaFields, type WithOutbox } from '@altmed/service-kit';

/**
 * A member who deleted their account, as the Support Center forgot them: which Contact messages of
 * theirs were deleted, kept before they are, so a retry names them again; and the event that takes
 * them out of every instance's list, which can live on no deleted message.
 */
export interface ForgottenSenderDocument extends WithOutbox {
  /** The member's user id. */
  _id: string;
  messageIds: string[];
}

const forgottenSenderSchema = new Schema<ForgottenSenderDocument>(
  {
    _id: { type: String, required: true },
    messageIds: { type: [String], default: [] },
    ...outboxSchemaFields,
  },
  { versionKey: false, timestamps: { createdAt: true, updatedAt: false } },
);
forgottenSenderSchema.index(OUTBOX_INDEX);

export type ForgottenSenderModel = Model<ForgottenSenderDocument>;

export function forgottenSenderModel(connection: Connection): ForgottenSenderModel {
  return connection.model<ForgottenSenderDocument>('ForgottenSender', forgottenSenderSchema, 'support_forgotten_senders');
}
