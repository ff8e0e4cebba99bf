import { createEvent } from '@altmed/service-kit';

/** The event that tells every instance to read these providers again; written with the change, through the outbox. */
export const providerChangedEvent = (providerIds: string[]) => createEvent('provider.changed', { providerIds }, 'svc-providers');
