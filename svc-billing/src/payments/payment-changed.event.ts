import { createEvent } from '@altmed/service-kit';

/** Written with every change of what Orders Management lists (a state, a refund): each instance's list reads the payment again. */
export const paymentChangedEvent = (paymentIds: string[]) => createEvent('payment.changed', { paymentIds }, 'svc-billing');
