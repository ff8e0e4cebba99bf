import { parseEvent, weekKeyOf, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer, EventInbox } from '@altmed/service-kit';
import { addToTallies, tallyIdOf, type TallyKind, type WeeklyTallyModel } from './weekly-tally.model';

export interface ProviderTallyDeps {
  tallies: WeeklyTallyModel;
  inbox: EventInbox;
}

/** The week's tally of what a provider event tells (a sign-up, an approval, a block); once per event, however often it arrives. */
export async function countProviderEvent(deps: ProviderTallyDeps, raw: EventEnvelope): Promise<void> {
  const counted = tallyOf(raw);
  if (!counted) return;
  const week = weekKeyOf(Date.parse(counted.at));
  await deps.inbox.runOnce('provider-tally', raw.id, () =>
    addToTallies(deps.tallies, new Map([[tallyIdOf(week, counted.kind), { week, kind: counted.kind, term: '', count: 1 }]])),
  );
}

function tallyOf(raw: EventEnvelope): { kind: TallyKind; at: string } | undefined {
  if (raw.type === 'provider.registered') {
    parseEvent('provider.registered', raw);
    return { kind: 'provider.signed_up', at: raw.time };
  }
  const { data } = parseEvent('provider.status_changed', raw);
  if (data.action === 'approve') return { kind: 'provider.approved', at: data.changedAt };
  if (data.action === 'block') return { kind: 'provider.blocked', at: data.changedAt };
  return undefined;
}

export const providerTallyQueue = (queueSuffix: string) => `providers.figures${queueSuffix}`;

export function providerTallyConsumer(deps: ProviderTallyDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: providerTallyQueue(options.queueSuffix),
    eventTypes: ['provider.registered', 'provider.status_changed'],
    handle: (event) => countProviderEvent(deps, event),
  };
}
