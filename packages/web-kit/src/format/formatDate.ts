const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * A date as the site shows it to members ("June 5, 2025"), read in UTC so every visitor sees the
 * same day. Null when the value is not a date.
 */
export function formatDate(value: string | Date): string | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : longDate.format(date);
}
