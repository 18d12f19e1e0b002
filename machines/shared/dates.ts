/**
 * Date messages as people read them. The API's format message ("Use a date in the form YYYY-MM-DD") is for
 * callers of the API; a date field in the browser shows the day in the browser's own format (31/12/2026,
 * 12/31/2026…), so under a field its message shows an example in that format instead.
 */

import { DATE_FORMAT_MESSAGE } from '@contract/resources';

/**
 * 31 December of `today`'s year as the browser's locale writes a date field's day ("31/12/2026" in en-GB,
 * "12/31/2026" in en-US): what a date input shows, digits with the locale's order and separator.
 */
export function exampleDate(today: string, locale?: string): string {
  const year = Number(today.slice(0, 4)) || 2026;
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(year, 11, 31),
  );
}

/** Under a date field: the API's format message becomes "Enter a valid date, like 31/12/2026"; others stay. */
export function dateFieldMessage(message: string, today: string, locale?: string): string {
  return message.startsWith(DATE_FORMAT_MESSAGE)
    ? `Enter a valid date, like ${exampleDate(today, locale)}`
    : message;
}
