import type { Account } from './state';

/** Who calls: the account their key belongs to, and whether it was the publishable key (Stripe.js in a browser). */
export interface Caller {
  account: Account;
  publishable: boolean;
  /** Where the emulator answers, for the 3-D Secure page's URL. */
  baseUrl: string;
  emit: (type: string, object: unknown) => void;
}
