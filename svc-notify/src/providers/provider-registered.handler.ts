import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer } from '@altmed/service-kit';
import { sendProviderSignupNotification, sendProviderWelcome, type ProviderEmailDeps } from './provider-emails.domain';

/** Both emails of a provider.registered event, each once; a failed one is retried without resending the other. */
export async function handleProviderRegistered(deps: ProviderEmailDeps, raw: EventEnvelope): Promise<void> {
  const { data } = parseEvent('provider.registered', raw);
  await sendProviderSignupNotification(deps, data);
  await sendProviderWelcome(deps, data);
}

export const providerRegisteredQueue = (queueSuffix: string) => `notify.provider-registered.v1${queueSuffix}`;

export function providerRegisteredConsumer(deps: ProviderEmailDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: providerRegisteredQueue(options.queueSuffix),
    eventTypes: ['provider.registered'],
    handle: (event) => handleProviderRegistered(deps, event),
  };
}
