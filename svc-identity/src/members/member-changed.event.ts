import { createEvent } from '@altmed/service-kit';

/** The event that tells every instance to read these members again; written with the change, through the outbox. */
export const memberChangedEvent = (userIds: string[]) => createEvent('member.changed', { userIds }, 'svc-identity');
