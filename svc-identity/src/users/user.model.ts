import { Schema, type Connection, type Model } from 'mongoose';
import { USER_ROLES, type UserRole } from '@altmed/contracts';
import { outboxSchemaFields, type WithOutbox } from '@altmed/service-kit';

/** A blocked account cannot log in, and its tokens stop working (see requireAuth's activeAccount). */
export const ACCOUNT_STATUSES = ['active', 'blocked'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export interface UserDocument extends WithOutbox {
  _id: string;
  name: string;
  /** Stored lowercased: FerretDB has no collations, so case-insensitive uniqueness lives in the value. */
  email: string;
  passwordHash: string;
  role: UserRole;
  status: AccountStatus;
  providerId?: string;
  contactInfo: { phone: string; address: string; specialties: string[] };
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
    providerId: { type: String },
    contactInfo: {
      phone: { type: String, default: '' },
      address: { type: String, default: '' },
      specialties: { type: [String], default: [] },
    },
    ...outboxSchemaFields,
  },
  { timestamps: true, versionKey: false },
);

export type UserModel = Model<UserDocument>;

export function userModel(connection: Connection): UserModel {
  return connection.model<UserDocument>('User', userSchema, 'users');
}
