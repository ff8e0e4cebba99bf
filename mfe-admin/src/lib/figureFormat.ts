import { formatMoney } from './format';

// Apart from format.ts, which the other admin pages' chunks carry: these are the dashboards' alone.

/** A count with thousands separators ("1,234"). */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** An amount in cents as money without the cents when there are none ("$1,500", "$12.50"): a chart's axis. */
export function formatMoneyBrief(cents: number, currency: string): string {
  const money = formatMoney(cents, currency);
  return cents % 100 === 0 ? money.replace(/\.00\b/, '') : money;
}

// Built on first use, as web-kit's formatDate: the first DateTimeFormat of a page loads the locale data.
let shortDate: Intl.DateTimeFormat | undefined;

/** An ISO date as a chart names a week ("Nov 23"), read in UTC as the servers count weeks; the value itself when it is not a date. */
export function formatShortDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  shortDate ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return shortDate.format(date);
}
