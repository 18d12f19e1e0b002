import { METRIC_KINDS, type ReportMetric } from '@contract/reports';
import { formatMoney, formatMoneyCompact } from '@src/lib/format';

const locale = () => (typeof navigator !== 'undefined' && navigator.language) || 'en-US';
const count = () => new Intl.NumberFormat(locale());
const compactCount = () => new Intl.NumberFormat(locale(), { notation: 'compact', maximumFractionDigits: 1 });
const percent = () => new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 2 });

/** A metric's full value: money in the report's currency, counts with separators, rates as %; null is "–". */
export function formatMetric(
  metric: ReportMetric,
  value: number | null | undefined,
  currency: string,
): string {
  if (value === null || value === undefined) return '–';
  switch (METRIC_KINDS[metric]) {
    case 'money':
      return formatMoney(Math.round(value), currency);
    case 'percent':
      return percent().format(value);
    default:
      return count().format(value);
  }
}

/** The same value in a narrow cell (1.2M, €14K); the full value goes in the cell's title. */
export function formatMetricCompact(
  metric: ReportMetric,
  value: number | null | undefined,
  currency: string,
) {
  if (value === null || value === undefined) return '–';
  if (Math.abs(value) < 100_000) return formatMetric(metric, value, currency);
  switch (METRIC_KINDS[metric]) {
    case 'money':
      // Minor units: the compact form is for amounts over a thousand in the currency.
      return Math.abs(value) < 100_000_00
        ? formatMetric(metric, value, currency)
        : formatMoneyCompact(value, currency);
    case 'percent':
      return percent().format(value);
    default:
      return compactCount().format(value);
  }
}

export interface ChangeText {
  text: string;
  direction: 'up' | 'down' | 'flat' | 'none';
}

/** Δ % as text that reads without colour: "▲ +12.5%", "▼ −3%", "0%", or "–" when there is nothing to compare. */
export function formatChange(ratio: number | null | undefined): ChangeText {
  if (ratio === null || ratio === undefined) return { text: '–', direction: 'none' };
  const text = new Intl.NumberFormat(locale(), {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(ratio);
  if (text.replace(/[^\d]/g, '').replace(/^0+/, '') === '') return { text, direction: 'flat' };
  return ratio > 0 ? { text: `▲ ${text}`, direction: 'up' } : { text: `▼ ${text}`, direction: 'down' };
}

/** "Mar 30, 2030" for a calendar day. */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat(locale(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** An axis tick: always compact (€12K, 1.2M), so the ticks of one axis read alike. */
export function formatMetricAxis(metric: ReportMetric, value: number, currency: string): string {
  switch (METRIC_KINDS[metric]) {
    case 'money':
      return formatMoneyCompact(value, currency);
    case 'percent':
      return percent().format(value);
    default:
      return compactCount().format(value);
  }
}
