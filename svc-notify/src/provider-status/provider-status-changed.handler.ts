import { parseEvent, type EventEnvelope } from '@altmed/contracts';
import type { EventConsumer, EventInbox } from '@altmed/service-kit';
import type { Mailer } from '../mail/mailer';
import { providerApprovedEmail } from './provider-approved-email';

export interface ProviderStatusDeps {
  inbox: EventInbox;
  mailer: Mailer;
  siteUrl: string;
}

/** Tells a provider once that it was approved; blocks and unblocks send nothing. */
export async function sendProviderApprovedEmail(deps: ProviderStatusDeps, raw: EventEnvelope): Promise<void> {
  const event = parseEvent('provider.status_changed', raw);
  if (event.data.action !== 'approve') return;
  await deps.inbox.runOnce('provider-approved-email', event.id, () => deps.mailer.send(providerApprovedEmail(event.data, deps.siteUrl, event.id)));
}

export const providerStatusQueue = (queueSuffix: string) => `notify.provider-status-changed${queueSuffix}`;

export function providerStatusConsumer(deps: ProviderStatusDeps, options: { queueSuffix: string }): EventConsumer {
  return {
    queue: providerStatusQueue(options.queueSuffix),
    eventTypes: ['provider.status_changed'],
    handle: (event) => sendProviderApprovedEmail(deps, event),
  };
}
