// Built on first use, not when the module loads: the first DateTimeFormat of a page loads the
// locale data, the largest single cost of the site's start-up on a slow phone.
let longDate: Intl.DateTimeFormat | undefined;

/**
 * A date as the site shows it to members ("June 5, 2025"), read in UTC so every visitor sees the
 * same day. Null when the value is not a date.
 */
export function formatDate(value: string | Date): string | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  longDate ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return longDate.format(date);
}
