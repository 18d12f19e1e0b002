/**
 * The report as CSV (RFC 4180, CRLF): one line per group, then the totals. Money in decimal major units
 * beside a currency column, percentages as percent numbers, empty where a rate has no denominator. Text
 * cells that a spreadsheet would run as a formula (= + - @, tab, CR first) get a leading apostrophe.
 */
import {
  METRIC_KINDS,
  METRIC_LABELS,
  type ReportGrouping,
  type ReportQuery,
  type ReportRow,
} from '@contract/reports';

const GROUPING_LABELS: Record<ReportGrouping, string> = {
  campaign: 'Campaign',
  platform: 'Platform',
  customer: 'Customer',
  day: 'Day',
  week: 'Week (Monday)',
};

/** Minor units per major unit of the currency (2 for EUR, USD, GBP; 0 for JPY). */
const minorDigits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

export function csvCell(text: string): string {
  const guarded = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** Exact for whole minor units (no float rounding of cents); rates in minor units keep 4 decimals. */
function money(minor: number, digits: number): string {
  if (Number.isInteger(minor)) {
    const sign = minor < 0 ? '-' : '';
    const text = String(Math.abs(minor)).padStart(digits + 1, '0');
    return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
  }
  return (minor / 10 ** digits).toFixed(4);
}

function metricCell(kind: 'money' | 'count' | 'percent', value: number | null | undefined, digits: number) {
  if (value === null || value === undefined) return '';
  if (kind === 'money') return money(value, digits);
  if (kind === 'percent') return (value * 100).toFixed(4);
  return String(value);
}

export function csvHeader(query: ReportQuery): string {
  const cells = query.groupBy.map((grouping) => GROUPING_LABELS[grouping]);
  cells.push('Currency');
  for (const metric of query.metrics) {
    const label = METRIC_KINDS[metric] === 'percent' ? `${METRIC_LABELS[metric]} (%)` : METRIC_LABELS[metric];
    cells.push(label);
    if (query.compare) cells.push(`${label}, previous period`, `${METRIC_LABELS[metric]} change (%)`);
  }
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** One group's line; `keys` null for the totals line. */
export function csvLine(
  query: ReportQuery,
  currency: string,
  row: Omit<ReportRow, 'keys'> & { keys?: ReportRow['keys'] },
) {
  const digits = minorDigits(currency);
  const cells = row.keys
    ? row.keys.map((key) =>
        csvCell(key.grouping === 'day' || key.grouping === 'week' ? (key.value ?? '') : key.label),
      )
    : query.groupBy.map((_, i) => (i === 0 ? 'Total' : ''));
  cells.push(currency);
  for (const metric of query.metrics) {
    const kind = METRIC_KINDS[metric];
    cells.push(metricCell(kind, row.values[metric], digits));
    if (query.compare) {
      cells.push(metricCell(kind, row.previous?.[metric], digits));
      cells.push(metricCell('percent', row.change?.[metric], digits));
    }
  }
  return `${cells.join(',')}\r\n`;
}

export const csvFilename = (query: ReportQuery) => `flightplan-report-${query.from}-${query.to}.csv`;
