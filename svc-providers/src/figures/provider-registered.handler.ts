import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import { countOnce, type ProviderTallyDeps } from './provider-tally';

/** A provider finished signing up: the week's sign-ups (on the figures' queue, `provider-tally.consumer.ts`). */
export async function countSignUp(deps: ProviderTallyDeps, raw: EventEnvelope): Promise<void> {
  const event = parseEvent('provider.registered', raw);
  await countOnce(deps, event.id, 'provider.signed_up', event.time);
}
