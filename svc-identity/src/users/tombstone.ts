import { randomBytes } from 'node:crypto';
import type { UpdateQuery } from 'mongoose';
import type { EventEnvelope } from '@altmed/contracts';
import { outboxFieldsFor } from '@altmed/service-kit';
import { hashPassword } from './password';
import type { UserDocument } from './user.model';

/**
 * The one write that turns an account into a tombstone (a member deleting it, an administrator
 * removed): no email, password or contact details, the session version moved on so every token
 * stops working, and `events` in place of whatever its outbox held, so nothing waiting is sent to
 * the person. The record stays, so the id is never reused and the events leave with the change.
 */
export async function tombstoneUpdate(userId: string, name: string, deletedAt: Date, events: EventEnvelope[]): Promise<UpdateQuery<UserDocument>> {
  return {
    $set: {
      status: 'deleted',
      deletedAt,
      name,
      email: `deleted-${userId}@deleted.invalid`,
      passwordHash: await hashPassword(randomBytes(32).toString('hex')),
      contactInfo: { phone: '', address: '', specialties: [] },
      // A relay publishing this record stops at its next event (its guarded pop fails).
      ...outboxFieldsFor(events),
    },
    $unset: { passwordReset: 1, statusHistory: 1, outboxAttempts: 1, removingSince: 1 },
    $inc: { sessionVersion: 1 },
  };
}
