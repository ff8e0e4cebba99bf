import { formatDate } from '@altmed/web-kit';

/** A date, or a dash when there is none (or it is not a date). */
export function dateOrDash(value: string | null | undefined): string {
  return (value ? formatDate(value) : null) ?? '—';
}

/** An amount in cents as money in its currency ("$119.88"); an unknown currency code is written after the amount. */
export function formatMoney(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${code}`;
  }
}
