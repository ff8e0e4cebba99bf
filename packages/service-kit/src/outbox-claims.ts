import { randomUUID } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKeyError } from './mongo';

interface OutboxClaim {
  /** `<collection>:<document id>`. */
  _id: string;
  relay: string;
  until: Date;
}

/**
 * Which relay is publishing a document now. A claim is a record inserted under the document's key,
 * so of relays claiming at once exactly one insert succeeds (a unique `_id` is the one write that is
 * atomic on FerretDB too: its conditional updates are not). The holder reads the document after
 * claiming and deletes the claim after its last pop, so the next holder never sees an event that
 * was already published. A claim left by a relay that died is taken over once `until` has passed.
 */
export class OutboxClaims {
  private readonly model: Model<OutboxClaim>;
  private readonly relay = randomUUID();

  constructor(
    connection: Connection,
    private readonly leaseMs: number,
  ) {
    const schema = new Schema<OutboxClaim>(
      { _id: { type: String, required: true }, relay: { type: String, required: true }, until: { type: Date, required: true } },
      { versionKey: false },
    );
    this.model = connection.models.OutboxClaim ?? connection.model<OutboxClaim>('OutboxClaim', schema, 'outbox_claims');
  }

  /** Claims the document for this relay; false while another relay holds it. */
  async claim(key: string): Promise<boolean> {
    if (await this.insert(key)) return true;
    const expired = await this.model.deleteOne({ _id: key, until: { $lte: new Date() } });
    return expired.deletedCount === 1 && (await this.insert(key));
  }

  /** Keeps other relays away for another lease (between the events of a long document). */
  async renew(key: string): Promise<void> {
    await this.model.updateOne({ _id: key, relay: this.relay }, { $set: { until: this.leaseEnd() } });
  }

  async release(key: string): Promise<void> {
    await this.model.deleteOne({ _id: key, relay: this.relay });
  }

  private async insert(key: string): Promise<boolean> {
    try {
      await this.model.create({ _id: key, relay: this.relay, until: this.leaseEnd() });
      return true;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    }
  }

  private leaseEnd(): Date {
    return new Date(Date.now() + this.leaseMs);
  }
}
