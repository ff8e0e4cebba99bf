import { Schema, type Connection, type Model } from 'mongoose';
import { MEMBER_ADMIN_ACTIONS, USER_ROLES, type MemberAdminAction, type UserRole } from '@altmed/contracts';
import { OUTBOX_INDEX, outboxSchemaFields, type WithOutbox } from '@altmed/service-kit';

/** A blocked account cannot log in, and its tokens stop working (see requireAuth's activeAccount). */
/** A deleted account is a tombstone: no name, email, password or contact details, kept so its id stays taken and its events go out. */
export const ACCOUNT_STATUSES = ['active', 'blocked', 'deleted'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The filter of an administrator's account: a removed one is a tombstone (status `deleted`), no longer one. */
export const ADMINISTRATOR = { role: 'admin', status: 'active' } as const;

/** One administrator's block or unblock of a member, kept on the account (the audit trail). */
export interface AccountStatusChange {
  action: MemberAdminAction;
  by: { id: string; email: string };
  at: Date;
}

export interface UserDocument extends WithOutbox {
  _id: string;
  name: string;
  /** Stored lowercased: FerretDB has no collations, so case-insensitive uniqueness lives in the value. */
  email: string;
  passwordHash: string;
  role: UserRole;
  status: AccountStatus;
  statusHistory?: AccountStatusChange[];
  providerId?: string;
  /** Set while an administrator's removal checks that another administrator is left. */
  removingSince?: Date;
  contactInfo: { phone: string; address: string; specialties: string[] };
  /** End of the paid membership; absent until the first payment. */
  membershipEndsAt?: Date;
  /** Payments (svc-billing's ids) already turned into membership time: each counts once. */
  membershipPayments?: string[];
  /** The membership reminders sent (`<kind>:<endsAt ISO>`): each once, however many instances sweep. */
  membershipReminders?: string[];
  /** When the member deleted the account. */
  deletedAt?: Date;
  /** The period each applied payment bought: what a refund of it takes back. */
  membershipPeriods?: { paymentId: string; start: Date; end: Date }[];
  /** Refunded payments (svc-billing's ids) whose time was taken back: each counts once. */
  membershipRefunds?: string[];
  /** Moves on at every password reset: tokens carry the version they were issued under, older ones stop working. */
  sessionVersion: number;
  /** The one password reset link that works, if any: a newer request replaces it, using it removes it. */
  passwordReset?: { id: string; tokenHash: string; expiresAt: Date };
  createdAt: Date;
  updatedAt: Date;
}

const userSchema = new Schema<UserDocument>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    role: { type: String, enum: USER_ROLES, required: true, default: 'user' },
    status: { type: String, enum: ACCOUNT_STATUSES, required: true, default: 'active' },
    statusHistory: {
      type: [
        new Schema<AccountStatusChange>(
          {
            action: { type: String, enum: MEMBER_ADMIN_ACTIONS, required: true },
            by: { id: { type: String, required: true }, email: { type: String, required: true } },
            at: { type: Date, required: true },
          },
          { _id: false },
        ),
      ],
      default: undefined,
    },
    providerId: { type: String },
    removingSince: { type: Date },
    contactInfo: {
      phone: { type: String, default: '' },
      address: { type: String, default: '' },
      specialties: { type: [String], default: [] },
    },
    membershipEndsAt: { type: Date },
    membershipPayments: { type: [String], default: undefined },
    membershipRefunds: { type: [String], default: undefined },
    membershipPeriods: {
      type: [
        new Schema({ paymentId: { type: String, required: true }, start: { type: Date, required: true }, end: { type: Date, required: true } }, { _id: false }),
      ],
      default: undefined,
    },
    membershipReminders: { type: [String], default: undefined },
    deletedAt: { type: Date },
    sessionVersion: { type: Number, required: true, default: 0 },
    passwordReset: {
      type: new Schema(
        { id: { type: String, required: true }, tokenHash: { type: String, required: true }, expiresAt: { type: Date, required: true } },
        { _id: false },
      ),
      required: false,
    },
    ...outboxSchemaFields,
  },
  { timestamps: true, versionKey: false },
);

// A reset link is looked up by the hash of its token, while it has not ended.
userSchema.index({ 'passwordReset.tokenHash': 1, 'passwordReset.expiresAt': 1 });
// Admin Settings: the administrators, oldest first, and how many are left.
userSchema.index({ role: 1, status: 1, createdAt: 1 });
userSchema.index(OUTBOX_INDEX);

export type UserModel = Model<UserDocument>;

export function userModel(connection: Connection): UserModel {
  return connection.model<UserDocument>('User', userSchema, 'users');
}
