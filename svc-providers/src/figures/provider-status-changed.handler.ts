import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import { countOnce, type ProviderTallyDeps } from './provider-tally';

/** An admin approved or blocked a provider: the week's approvals or blocks; an unblock counts nothing (on the figures' queue, `provider-tally.consumer.ts`). */
export async function countVetting(deps: ProviderTallyDeps, raw: EventEnvelope): Promise<void> {
  const event = parseEvent('provider.status_changed', raw);
  if (event.data.action === 'approve') await countOnce(deps, event.id, 'provider.approved', event.data.changedAt);
  else if (event.data.action === 'block') await countOnce(deps, event.id, 'provider.blocked', event.data.changedAt);
}
