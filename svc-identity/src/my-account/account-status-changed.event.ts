import { createEvent } from '@altmed/service-kit';
import type { AccountStatus } from '../users/user.model';

/** The event that tells every instance of every service to forget what it kept of this account's status; written with the change, through the outbox. */
export const accountStatusChangedEvent = (userId: string, status: AccountStatus, changedAt: Date) =>
  createEvent('account.status_changed', { userId, status, changedAt: changedAt.toISOString() }, 'svc-identity');
