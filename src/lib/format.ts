/** Formatting for the tables, in the browser's locale. */

const locale = () => (typeof navigator !== 'undefined' && navigator.language) || 'en-US';

const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${locale()}|${currency}|${whole}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale(), {
      style: 'currency',
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/** Integer minor units (cents) + ISO currency → "€12,500" (whole amounts) or "€12,500.50". */
export function formatMoney(amountMinor: number, currency: string): string {
  try {
    const digits = moneyFormat(currency, false).resolvedOptions().maximumFractionDigits ?? 2;
    const factor = 10 ** digits;
    return moneyFormat(currency, amountMinor % factor === 0).format(amountMinor / factor);
  } catch {
    // An unknown currency code: show the raw amount rather than fail the row.
    return `${(amountMinor / 100).toFixed(2)} ${currency}`;
  }
}

const dateFormat = () =>
  new Intl.DateTimeFormat(locale(), { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' (a calendar date, no time zone) → a Date at UTC midnight, or null. */
function calendarDate(value: string | null): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Start and end dates → "Mar 3 – Apr 12, 2026", "From Mar 3, 2026", "Until …" or "Not scheduled". */
export function formatDateRange(start: string | null, end: string | null): string {
  const from = calendarDate(start);
  const to = calendarDate(end);
  const format = dateFormat();
  if (from && to) return format.formatRange(from, to);
  if (from) return `From ${format.format(from)}`;
  if (to) return `Until ${format.format(to)}`;
  return 'Not scheduled';
}

/** A calendar date 'YYYY-MM-DD' → "Mar 3, 2026" (no time zone shift); anything else as it came. */
export function formatDay(day: string): string {
  const date = calendarDate(day);
  return date ? dateFormat().format(date) : day;
}

/** An ISO timestamp → "Mar 3, 2026" in the person's time zone. */
export function formatDate(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale(), { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/** Full date and time for a tooltip. */
export function formatDateTime(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** How long ago a timestamp was: "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function formatTimeAgo(timestamp: string, now = Date.now()): string {
  const then = new Date(timestamp).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['minute', 60],
    ['hour', 3600],
    ['day', 86_400],
    ['week', 604_800],
    ['month', 2_592_000],
    ['year', 31_536_000],
  ];
  let [unit, size] = units[0]!;
  for (const [candidate, candidateSize] of units) {
    if (Math.abs(seconds) >= candidateSize) [unit, size] = [candidate, candidateSize];
  }
  return new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}

const compactFormats = new Map<string, Intl.NumberFormat>();
/** Integer minor units → "€1.4K", "$12K": a narrow cell's amount (the flowchart's weeks). */
export function formatMoneyCompact(amountMinor: number, currency: string): string {
  const key = `${locale()}|${currency}`;
  try {
    let format = compactFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale(), {
        style: 'currency',
        currency,
        notation: 'compact',
        maximumFractionDigits: 1,
      });
      compactFormats.set(key, format);
    }
    const digits = moneyFormat(currency, false).resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amountMinor / 10 ** digits);
  } catch {
    return formatMoney(amountMinor, currency);
  }
}
