/** Calendar days ('YYYY-MM-DD', no time zone) and money in messages, the same in the browser and on the server. */

const DAY_MS = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Days from `start` to `end`, both included (a one-day flight is 1); 0 when `end` is before `start`. */
export function daysInclusive(start: string, end: string): number {
  return Math.max(0, Math.round((utc(end) - utc(start)) / DAY_MS) + 1);
}

/** `day` moved by `days` (negative = earlier). */
export function addDays(day: string, days: number): string {
  return new Date(utc(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today in UTC: the day the server and every test agree on. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

const money = new Map<string, Intl.NumberFormat>();
/** 150000, 'EUR' → '€1,500.00': messages name amounts the same way wherever they are made. */
export function formatMinor(amountMinor: number, currency: string): string {
  let format = money.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    money.set(currency, format);
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}
