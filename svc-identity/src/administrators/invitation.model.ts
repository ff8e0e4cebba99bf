import { Schema, type Connection, type Model } from 'mongoose';
import { OUTBOX_INDEX, outboxSchemaFields, type WithOutbox } from '@altmed/service-kit';

/** An open invitation to become an administrator: one per email; sending it again replaces the link. */
export interface InvitationDocument extends WithOutbox {
  _id: string;
  /** Lowercased, unique. */
  email: string;
  /** Only the hash of the link's token is kept. */
  tokenHash: string;
  expiresAt: Date;
  invitedBy: { id: string; email: string };
  invitedAt: Date;
}

const invitationSchema = new Schema<InvitationDocument>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true, unique: true },
    tokenHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    invitedBy: { id: { type: String, required: true }, email: { type: String, required: true } },
    invitedAt: { type: Date, required: true },
    ...outboxSchemaFields,
  },
  { versionKey: false },
);
// Accepting: the open invitation of a link.
invitationSchema.index({ tokenHash: 1, expiresAt: 1 });
// Removing an administrator: the invitations they sent.
invitationSchema.index({ 'invitedBy.id': 1 });
// Admin Settings: the open invitations, newest first.
invitationSchema.index({ expiresAt: -1 });
invitationSchema.index(OUTBOX_INDEX);

export type InvitationModel = Model<InvitationDocument>;

export function invitationModel(connection: Connection): InvitationModel {
  return connection.model<InvitationDocument>('AdminInvitation', invitationSchema, 'admin_invitations');
}
