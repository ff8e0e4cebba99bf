/**
 * Check digits: the two US provider identifiers the portal asks for, and card numbers (Luhn). Plain
 * functions (no zod), so the browser can run the same checks live.
 */

/** The Luhn check digit of a string of digits (the digit to append so the whole passes Luhn). */
function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // From the rightmost digit of the payload, every other digit (starting with it) is doubled.
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether a string of digits passes Luhn (its last digit is the check digit of the others): card numbers. */
export function passesLuhn(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && luhnCheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/**
 * An NPI: exactly 10 digits whose last is the Luhn check digit of the prefix 80840 (the card
 * issuer prefix for US health) followed by the first nine digits (CMS, "NPI check digit").
 */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  return npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]);
}

/** The NPI check digit of its first nine digits. */
export function npiCheckDigit(firstNine: string): number {
  return luhnCheckDigit(`80840${firstNine}`);
}

export const DEA_NUMBER_PATTERN = /^[A-Za-z]{2}\d{7}$/;

/**
 * A DEA registration number: two letters and seven digits, the last digit being the last digit of
 * (d1 + d3 + d5) + 2 × (d2 + d4 + d6).
 */
export function isValidDeaNumber(dea: string): boolean {
  if (!DEA_NUMBER_PATTERN.test(dea)) return false;
  return deaCheckDigit(dea.slice(2, 8)) === Number(dea[8]);
}

/** The DEA check digit of the six digits after the letters. */
export function deaCheckDigit(sixDigits: string): number {
  const d = sixDigits.split('').map((digit) => Number(digit));
  return (d[0]! + d[2]! + d[4]! + 2 * (d[1]! + d[3]! + d[5]!)) % 10;
}

/**
 * A payment's reference, the one the member's receipt, their emails and Orders Management show and
 * search: the first 12 hex digits of the payment's id in three groups of four, upper case
 * ("1B9D-6BCD-BBFD"), short enough to read aloud. 48 random bits: two payments share one about once
 * in 300,000 at a million payments (a search then lists both).
 */
export function paymentReference(paymentId: string): string {
  const hex = paymentId.replace(/-/g, '').slice(0, 12).toUpperCase();
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}`;
}
