import { Schema, type Connection, type Model } from 'mongoose';

interface ProcessedEvent {
  _id: string;
  status: 'processing' | 'done';
  claimedAt: Date;
}

const DUPLICATE_KEY = 11000;

/**
 * Idempotent event handling by event id: a handler's work for one event runs to completion at
 * most once, however often the broker delivers it. A claim left by a crashed process is taken
 * over once its lease runs out.
 */
export class EventInbox {
  private readonly model: Model<ProcessedEvent>;

  constructor(
    connection: Connection,
    private readonly leaseMs = 5 * 60_000,
  ) {
    const schema = new Schema<ProcessedEvent>(
      { _id: { type: String, required: true }, status: { type: String, required: true }, claimedAt: { type: Date, required: true } },
      { versionKey: false },
    );
    this.model = connection.models.ProcessedEvent ?? connection.model<ProcessedEvent>('ProcessedEvent', schema, 'processed_events');
  }

  /** Runs `work` unless this handler already completed it for this event; returns whether it ran. */
  async runOnce(handler: string, eventId: string, work: () => Promise<void>): Promise<boolean> {
    const key = `${handler}:${eventId}`;
    if (!(await this.claim(key))) return false;
    try {
      await work();
    } catch (err) {
      await this.model.deleteOne({ _id: key, status: 'processing' });
      throw err;
    }
    await this.model.updateOne({ _id: key }, { $set: { status: 'done' } });
    return true;
  }

  private async claim(key: string): Promise<boolean> {
    const now = new Date();
    try {
      await this.model.create({ _id: key, status: 'processing', claimedAt: now });
      return true;
    } catch (err) {
      if ((err as { code?: number }).code !== DUPLICATE_KEY) throw err;
    }
    const existing = await this.model.findById(key).lean();
    if (!existing) throw new Error(`Claim on event ${key} was released; retry`);
    if (existing.status === 'done') return false;
    if (now.getTime() - existing.claimedAt.getTime() < this.leaseMs) {
      throw new Error(`Event ${key} is being processed elsewhere`);
    }
    const takeover = await this.model.updateOne({ _id: key, status: 'processing', claimedAt: existing.claimedAt }, { $set: { claimedAt: now } });
    return takeover.modifiedCount === 1;
  }
}
