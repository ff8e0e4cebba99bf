import type { EventInbox } from '@altmed/service-kit';
import { weekKeyOf } from '@altmed/contracts';
import { addToTallies, tallyIdOf, type TallyKind, type WeeklyTallyModel } from './weekly-tally.model';

export interface ProviderTallyDeps {
  tallies: WeeklyTallyModel;
  inbox: EventInbox;
}

/** Adds one to the tally of `kind` in the week of `at`, once per event however often it arrives. */
export async function countOnce(deps: ProviderTallyDeps, eventId: string, kind: TallyKind, at: string): Promise<void> {
  const week = weekKeyOf(Date.parse(at));
  await deps.inbox.runOnce('provider-tally', eventId, () => addToTallies(deps.tallies, new Map([[tallyIdOf(week, kind), { week, kind, term: '', count: 1 }]])));
}
