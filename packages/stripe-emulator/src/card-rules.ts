// From the source: the local stack starts before anything is built (the contracts' dist may not exist yet).
import { passesLuhn } from '@altmed/contracts/src/identifiers';

/**
 * Card number rules shared by the emulator's API (`cards.ts`) and its Stripe.js stand-in in the
 * browser (`browser/stripe-js.ts`): the brand a number belongs to, how long its numbers and security
 * codes are, and Luhn (from the contracts, the repository's one Luhn). Plain code: no Node built-ins.
 */
export { passesLuhn };

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export function brandOf(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

/** Digits in a complete card number of the brand. */
export const numberLengthOf = (brand: CardBrand): number => (brand === 'amex' ? 15 : 16);

/** Digits in the brand's security code. */
export const cvcLengthOf = (brand: CardBrand): number => (brand === 'amex' ? 4 : 3);
