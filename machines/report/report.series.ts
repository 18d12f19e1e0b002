/**
 * The time-series chart of the reports page, as data: the x positions (days or weeks) and one line per
 * platform when the report is grouped by platform (else one total line), each with its previous-period twin
 * when comparing, laid over the same x positions (the previous period's first day under this one's first day).
 * Pure: the view draws it (uPlot) and lists it as a table.
 */
import { previousPeriod, type ReportMetric, type ReportQuery, type ReportResponse } from '@contract/reports';

export interface ReportChartLine {
  /** The platform's key, or `total`; the previous period's lines carry the same key. */
  key: string;
  /** "Meta", "Total", … */
  label: string;
  /** This period, or the previous one (drawn dashed, in the colour of its line). */
  period: 'current' | 'previous';
  /** One value per x position (null: nothing to show there, e.g. a rate without a denominator). */
  values: (number | null)[];
}

export interface ReportChartModel {
  grouping: 'day' | 'week';
  /** The x positions: this period's days (YYYY-MM-DD) or weeks (their Monday). */
  buckets: string[];
  lines: ReportChartLine[];
  /** The previous period the dashed lines show; null without compare. */
  previousRange: { from: string; to: string } | null;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** The Monday of the day's ISO week. */
const mondayOf = (day: string) => {
  const n = dayNumber(day);
  // 1970-01-01 was a Thursday: (n + 3) % 7 is 0 on Mondays.
  return dayOf(n - ((n + 3) % 7));
};

/** A sum (spend, clicks…) is 0 on a day a platform did not deliver; a rate (CTR, CPC…) is then unknown. */
const RATES = new Set<ReportMetric>(['ctr', 'cpc', 'cpm', 'costPerConversion']);
const isSum = (metric: ReportMetric) => !RATES.has(metric);

interface Point {
  bucket: string;
  key: string;
  label: string;
  value: number | null;
}

function pointsOf(series: ReportResponse, metric: ReportMetric, byPlatform: boolean): Point[] {
  return series.rows.map((row) => {
    const platform = byPlatform ? row.keys[1] : undefined;
    return {
      bucket: row.keys[0]?.value ?? '',
      key: platform?.value ?? 'total',
      label: platform ? platform.label || (platform.value ?? '') : 'Total',
      value: row.values[metric] ?? null,
    };
  });
}

/**
 * The chart of one answer: `series` (this period, by day or week, and by platform when `byPlatform`) and
 * `previous` (the same for the previous period, with compare).
 */
export function chartModel(
  query: ReportQuery,
  metric: ReportMetric,
  series: ReportResponse,
  previous: ReportResponse | null,
): ReportChartModel {
  const grouping = series.rows[0]?.keys[0]?.grouping === 'week' ? 'week' : 'day';
  // A line per platform when the series is by platform (the report is grouped by platform: seriesQuery).
  const byPlatform = series.rows.some((row) => row.keys[1]?.grouping === 'platform');
  const current = pointsOf(series, metric, byPlatform);
  const previousRange = previous ? previousPeriod(query.from, query.to) : null;
  // The previous period's buckets move onto this period's: by the days between the two starts (weeks by weeks).
  const shiftBucket = (bucket: string): string => {
    if (!previousRange) return bucket;
    if (grouping === 'day')
      return dayOf(dayNumber(bucket) + dayNumber(query.from) - dayNumber(previousRange.from));
    const weeks = Math.round((dayNumber(mondayOf(query.from)) - dayNumber(mondayOf(previousRange.from))) / 7);
    return dayOf(dayNumber(bucket) + weeks * 7);
  };
  const before = previous
    ? pointsOf(previous, metric, byPlatform).map((point) => ({ ...point, bucket: shiftBucket(point.bucket) }))
    : [];
  const buckets = [...new Set([...current, ...before].map((point) => point.bucket))].sort();
  // Lines in the order of their total, largest first (the legend reads like the table sorted by the metric).
  const keys = new Map<string, { label: string; total: number }>();
  for (const point of [...current, ...before]) {
    const entry = keys.get(point.key) ?? { label: point.label, total: 0 };
    entry.total += point.value ?? 0;
    keys.set(point.key, entry);
  }
  const order = [...keys.entries()].sort(
    (a, b) => b[1].total - a[1].total || a[1].label.localeCompare(b[1].label),
  );
  const missing = isSum(metric) ? 0 : null;
  // A day with no delivery on a platform is 0 for a sum, up to the period's last reported day; after it
  // (today, not reported yet, under the previous period's last days) there is nothing to draw.
  const lineOf = (points: Point[], key: string, label: string, period: ReportChartLine['period']) => {
    const byBucket = new Map(points.filter((p) => p.key === key).map((p) => [p.bucket, p.value]));
    const last = points.reduce((latest, p) => (p.bucket > latest ? p.bucket : latest), '');
    return {
      key,
      label,
      period,
      values: buckets.map((bucket) => byBucket.get(bucket) ?? (bucket <= last ? missing : null)),
    };
  };
  const lines: ReportChartLine[] = [];
  for (const [key, { label }] of order) {
    if (current.some((p) => p.key === key)) lines.push(lineOf(current, key, label, 'current'));
    if (before.some((p) => p.key === key)) lines.push(lineOf(before, key, label, 'previous'));
  }
  return { grouping, buckets, lines, previousRange };
}
