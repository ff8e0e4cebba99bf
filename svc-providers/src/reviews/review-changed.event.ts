import { createEvent } from '@altmed/service-kit';

/** The event that tells every instance to read these reviews again; written with the change, through the outbox. */
export const reviewChangedEvent = (reviewIds: string[]) => createEvent('review.changed', { reviewIds }, 'svc-providers');
