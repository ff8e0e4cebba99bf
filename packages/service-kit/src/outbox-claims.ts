import { randomUUID } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import { takeLease } from './mongo';

interface OutboxClaim {
  /** `<collection>:<document id>`. */
  _id: string;
  relay: string;
  until: Date;
}

/**
 * Which relay is publishing a document now: a lease under the document's key (`takeLease`), so of
 * relays claiming at once exactly one holds it. The holder reads the document after claiming and
 * deletes the claim after its last pop, so the next holder never sees an event that was already
 * published. A claim left by a relay that died is taken over once `until` has passed.
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
  claim(key: string): Promise<boolean> {
    return takeLease(this.model, { _id: key, relay: this.relay, until: this.leaseEnd() }, { until: { $lte: new Date() } });
  }

  /** Keeps other relays away for another lease (between the events of a long document). */
  async renew(key: string): Promise<void> {
    await this.model.updateOne({ _id: key, relay: this.relay }, { $set: { until: this.leaseEnd() } });
  }

  async release(key: string): Promise<void> {
    await this.model.deleteOne({ _id: key, relay: this.relay });
  }

  private leaseEnd(): Date {
    return new Date(Date.now() + this.leaseMs);
  }
}
