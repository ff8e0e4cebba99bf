import { Schema, type Connection, type Model } from 'mongoose';

/** One provider a member keeps: one document per member and provider, whose id is both (so saving twice is one save). */
export interface SavedProviderDocument {
  _id: string;
  userId: string;
  providerId: string;
  savedAt: Date;
}

const savedProviderSchema = new Schema<SavedProviderDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    providerId: { type: String, required: true },
    savedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// A member's saved providers, newest first.
savedProviderSchema.index({ userId: 1, savedAt: -1, _id: 1 });

export type SavedProviderModel = Model<SavedProviderDocument>;

export function savedProviderModel(connection: Connection): SavedProviderModel {
  return connection.model<SavedProviderDocument>('SavedProvider', savedProviderSchema, 'saved_providers');
}

export const savedProviderId = (userId: string, providerId: string) => `${userId}:${providerId}`;
