import { Messages } from '@altmed/contracts/web';
import { ApiError } from '../api/apiRequest';

/** Whether a login was refused because the account is blocked: identity says so only to the account's right password. */
export function isAccountBlocked(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.message === Messages.accountBlocked;
}
