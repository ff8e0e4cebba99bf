import { randomInt } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomToken(length: number): string {
  let token = '';
  for (let i = 0; i < length; i += 1) token += alphabet[randomInt(alphabet.length)];
  return token;
}

/** Stripe-like object ids: `pi_3Q…`, `pm_1Q…`, `evt_…`. */
export const newId = (prefix: string) => `${prefix}_${randomToken(24)}`;

export const nowSeconds = () => Math.floor(Date.now() / 1000);
