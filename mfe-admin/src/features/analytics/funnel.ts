/** A share as a whole percentage ("38%"). */
const percent = (part: number, whole: number) => `${Math.round((100 * part) / whole)}%`;

/**
 * The join funnel's conversion over the weeks charted, in words: of the sign-ups, how many started a
 * payment, and of those, how many paid and kept the membership, and how many were refunded since
 * ("Over these 12 weeks, 38% of sign-ups started a payment; 71% of those paid, and 4% were
 * refunded."). Without the member figures (their call failed) only the payments' part; without the
 * payment figures, nothing to say (null).
 */
export function funnelRates(totals: { signUps?: number; started?: number; paid?: number; refunded?: number }, weeks: number): string | null {
  const { signUps, started, paid, refunded = 0 } = totals;
  if (started === undefined || paid === undefined) return null;
  const over = `Over these ${weeks} weeks`;
  const refunds = refunded > 0 && started > 0 ? `, and ${percent(refunded, started)} were refunded` : '';
  if (signUps === undefined)
    return started > 0 ? `${over}, ${percent(paid, started)} of the payments started were paid${refunds}.` : `${over}, no payment was started.`;
  if (signUps > 0 && started > 0)
    return `${over}, ${percent(started, signUps)} of sign-ups started a payment; ${percent(paid, started)} of those paid${refunds}.`;
  if (signUps > 0) return `${over}, none of the sign-ups started a payment.`;
  if (started > 0) return `${over}, no one signed up; ${percent(paid, started)} of the payments started were paid${refunds}.`;
  return `${over}, no one signed up and no payment was started.`;
}
