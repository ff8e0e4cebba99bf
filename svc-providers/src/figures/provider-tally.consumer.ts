import type { EventConsumer } from '@altmed/service-kit';
import { countSignUp } from './provider-registered.handler';
import { countVetting } from './provider-status-changed.handler';
import type { ProviderTallyDeps } from './provider-tally';

export const providerTallyQueue = (queueSuffix: string) => `providers.figures${queueSuffix}`;

/**
 * The figures' one queue for both provider events, each to its event's handler. It is older than one
 * queue per event, and stays: renaming a queue loses the messages waiting in it.
 */
export function providerTallyConsumer(deps: ProviderTallyDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: providerTallyQueue(options.queueSuffix),
    eventTypes: ['provider.registered', 'provider.status_changed'],
    handle: (event) => (event.type === 'provider.registered' ? countSignUp(deps, event) : countVetting(deps, event)),
  };
}
