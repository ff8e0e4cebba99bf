import { Schema, type Connection, type Model } from 'mongoose';

/** What a tally counts: providers' sign-ups and vetting (from their events), and the directory's searches. */
export const TALLY_KINDS = ['provider.signed_up', 'provider.approved', 'provider.blocked', 'search.area', 'search.place'] as const;
export type TallyKind = (typeof TALLY_KINDS)[number];

/** One count of one week: `_id` is `<week>|<kind>|<term>` (term empty for the providers' counts). */
export interface WeeklyTallyDocument {
  _id: string;
  /** The week's Monday, `YYYY-MM-DD`. */
  week: string;
  kind: TallyKind;
  term: string;
  count: number;
}

const weeklyTallySchema = new Schema<WeeklyTallyDocument>(
  {
    _id: { type: String, required: true },
    week: { type: String, required: true },
    kind: { type: String, enum: TALLY_KINDS, required: true },
    term: { type: String, default: '' },
    count: { type: Number, required: true, default: 0 },
  },
  { versionKey: false },
);
// The charted weeks' tallies.
weeklyTallySchema.index({ week: 1 });

export type WeeklyTallyModel = Model<WeeklyTallyDocument>;

export function weeklyTallyModel(connection: Connection): WeeklyTallyModel {
  return connection.model<WeeklyTallyDocument>('WeeklyTally', weeklyTallySchema, 'weekly_tallies');
}

export const tallyIdOf = (week: string, kind: TallyKind, term = '') => `${week}|${kind}|${term}`;

/** Adds to tallies, making those that do not exist yet: one write however many. */
export async function addToTallies(
  tallies: WeeklyTallyModel,
  counts: ReadonlyMap<string, { week: string; kind: TallyKind; term: string; count: number }>,
): Promise<void> {
  if (counts.size === 0) return;
  await tallies.bulkWrite(
    [...counts.entries()].map(([id, { week, kind, term, count }]) => ({
      updateOne: { filter: { _id: id }, update: { $inc: { count }, $setOnInsert: { week, kind, term } }, upsert: true },
    })),
    { ordered: false },
  );
}
