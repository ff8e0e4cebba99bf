import { Schema, type Connection, type Model } from 'mongoose';

/**
 * A member who deleted their account (user.deleted): no receipt of theirs is kept or emailed from
 * then on, whatever event about them comes later (a membership.activated still queued).
 */
export interface ForgottenMemberDocument {
  /** The member's user id. */
  _id: string;
  forgottenAt: Date;
}

const forgottenMemberSchema = new Schema<ForgottenMemberDocument>(
  {
    _id: { type: String, required: true },
    forgottenAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export type ForgottenMemberModel = Model<ForgottenMemberDocument>;

export function forgottenMemberModel(connection: Connection): ForgottenMemberModel {
  return connection.model<ForgottenMemberDocument>('ForgottenMember', forgottenMemberSchema, 'forgotten_members');
}

/** Whether this member deleted their account. */
export async function isForgotten(forgottenMembers: ForgottenMemberModel, userId: string): Promise<boolean> {
  return (await forgottenMembers.exists({ _id: userId })) !== null;
}
