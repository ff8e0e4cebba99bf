import { parseEvent, type EventEnvelope, type ProviderRegisteredV1 } from '@altmed/contracts';
import type { EventConsumer, EventInbox } from '@altmed/service-kit';
import type { Mailer } from '../mail/mailer';
import { providerSignupNotificationEmail, providerWelcomeEmail } from './provider-emails';

export interface ProviderEmailDeps {
  inbox: EventInbox;
  mailer: Mailer;
  siteUrl: string;
  adminNotifyEmail: string;
}

/**
 * The inbox keys of the two provider emails: by provider, not by event, so the event and the
 * compatibility calls of the portal (`/email/provider-…`) send each email once between them.
 */
export const PROVIDER_SIGNUP_NOTIFICATION = 'provider-signup-notification';
export const PROVIDER_WELCOME_EMAIL = 'provider-welcome-email';

export function sendProviderSignupNotification(deps: ProviderEmailDeps, provider: ProviderRegisteredV1): Promise<boolean> {
  return deps.inbox.runOnce(PROVIDER_SIGNUP_NOTIFICATION, provider.providerId, () =>
    deps.mailer.send(providerSignupNotificationEmail(provider, deps.adminNotifyEmail, deps.siteUrl)),
  );
}

export function sendProviderWelcome(deps: ProviderEmailDeps, provider: { providerId: string; providerName: string; email: string }): Promise<boolean> {
  return deps.inbox.runOnce(PROVIDER_WELCOME_EMAIL, provider.providerId, () => deps.mailer.send(providerWelcomeEmail(provider, deps.siteUrl)));
}

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
