import { Schema, type Connection, type Model } from 'mongoose';
import { takeLease } from './mongo';

interface ProcessedEvent {
  _id: string;
  status: 'processing' | 'done';
  claimedAt: Date;
}

/** Another delivery holds a live claim on this work: it is being done elsewhere right now. */
export class WorkInProgressError extends Error {
  override name = 'WorkInProgressError';
}

/**
 * Idempotent event handling: a handler's work under one key runs to completion at most once,
 * however often the broker delivers the event. The key (`runOnce`'s `eventId`) is the event's id
 * unless the handler passes what must happen once, whatever event or call asks for it (a payment
 * id, a provider id, a user id…); the record is `<handler>:<key>`. A claim left by a crashed
 * process is taken over once its lease runs out. A delivery that finds a live claim fails and the
 * broker retries it later; the lease (a minute) is well inside the retry span (about 80 minutes by
 * default), so the event is retried past it rather than dead-lettered.
 */
export class EventInbox {
  private readonly model: Model<ProcessedEvent>;

  constructor(
    connection: Connection,
    private readonly leaseMs = 60_000,
  ) {
    const schema = new Schema<ProcessedEvent>(
      { _id: { type: String, required: true }, status: { type: String, required: true }, claimedAt: { type: Date, required: true } },
      { versionKey: false },
    );
    this.model = connection.models.ProcessedEvent ?? connection.model<ProcessedEvent>('ProcessedEvent', schema, 'processed_events');
  }

  /** Runs `work` unless this handler already completed it under this key (the event's id or the handler's own); returns whether it ran. */
  async runOnce(handler: string, eventId: string, work: () => Promise<void>): Promise<boolean> {
    const key = `${handler}:${eventId}`;
    const claimedAt = await this.claim(key);
    if (!claimedAt) return false;
    // Both filters name this claim, so a claim taken over after our lease ran out stays its owner's.
    const ownClaim = { _id: key, status: 'processing' as const, claimedAt };
    try {
      await work();
    } catch (err) {
      await this.model.deleteOne(ownClaim);
      throw err;
    }
    await this.model.updateOne(ownClaim, { $set: { status: 'done' } });
    return true;
  }

  /**
   * The time of the claim this call now holds (a lease under the key, `takeLease`; a claim whose
   * lease ran out is taken over), or undefined when the work is already done.
   */
  private async claim(key: string): Promise<Date | undefined> {
    const now = new Date();
    const expired = { status: 'processing' as const, claimedAt: { $lte: new Date(now.getTime() - this.leaseMs) } };
    if (await takeLease<ProcessedEvent>(this.model, { _id: key, status: 'processing', claimedAt: now }, expired)) return now;
    const existing = await this.model.findById(key).lean();
    // Released (the work failed) or being taken over between its delete and its insert: someone is on it.
    if (!existing) throw new WorkInProgressError(`Claim on event ${key} is changing hands`);
    if (existing.status === 'done') return undefined;
    throw new WorkInProgressError(`Event ${key} is being processed elsewhere`);
  }
}
