import { createEvent } from '@altmed/service-kit';

/** The event that tells every instance to read these Contact messages again; written with the change, through the outbox. */
export const supportMessageChangedEvent = (messageIds: string[]) => createEvent('support.message_changed', { messageIds }, 'svc-notify');
