/**
 * The cross-platform report (`GET /api/reports`, the `/reports` page): its query as it travels in the URL
 * (the page's own URL uses the same parameters, so a shared link opens the same report), and its answer.
 * One parser serves the server (400 naming each bad parameter) and the page (reading its URL).
 */

import * as v from 'valibot';
import type { DeliveryCounts } from './delivery';
import { CAMPAIGN_STATUSES, CURRENCIES, PLATFORMS } from './reference';
import { isCalendarDate } from './resources';

export const REPORT_GROUPINGS = ['campaign', 'platform', 'customer', 'day', 'week'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/**
 * The metrics a report can show. Counted ones are sums of `delivery_daily`; rates are computed from the
 * sums of the group (never averaged from daily rates): CTR = clicks / impressions, CPC = spend / clicks,
 * CPM = spend / impressions × 1000, cost per conversion = spend / conversions. A rate whose denominator
 * is 0 is null ("–"). Money metrics are in minor units of the report's currency.
 */
export const REPORT_METRICS = [
  'spend',
  'impressions',
  'reach',
  'clicks',
  'ctr',
  'cpc',
  'cpm',
  'conversions',
  'costPerConversion',
] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];

export const METRIC_LABELS: Record<ReportMetric, string> = {
  spend: 'Spend',
  impressions: 'Impressions',
  reach: 'Reach',
  clicks: 'Clicks',
  ctr: 'CTR',
  cpc: 'CPC',
  cpm: 'CPM',
  conversions: 'Conversions',
  costPerConversion: 'Cost per conversion',
};

/** How each metric is shown: money in the report's currency, a count, or a percentage. */
export const METRIC_KINDS: Record<ReportMetric, 'money' | 'count' | 'percent'> = {
  spend: 'money',
  impressions: 'count',
  reach: 'count',
  clicks: 'count',
  ctr: 'percent',
  cpc: 'money',
  cpm: 'money',
  conversions: 'count',
  costPerConversion: 'money',
};

/** The longest range one report may cover (two years and a day): bounded work per request. */
export const REPORT_MAX_DAYS = 732;
/** Rows per page of the grouped table; the CSV export has them all. */
export const REPORT_PAGE_SIZES = [25, 50, 100, 250] as const;
export const REPORT_DEFAULT_PAGE_SIZE = 50;

export type ReportSortOrder = 'asc' | 'desc';

export interface ReportQuery {
  /** First and last day, inclusive (YYYY-MM-DD, UTC days as the platforms report them). */
  from: string;
  to: string;
  /** One or two groupings, outermost first (`campaign,platform`). */
  groupBy: ReportGrouping[];
  /** In the order the columns show. */
  metrics: ReportMetric[];
  /** Compare with the previous period of equal length (Δ %). */
  compare: boolean;
  /** The report's currency: only campaigns planned in it are included. Default: the account's main one. */
  currency: (typeof CURRENCIES)[number] | null;
  customerIds: string[];
  campaignIds: string[];
  platforms: string[];
  statuses: string[];
  /** A metric or a grouping; default: spend. */
  sort: ReportMetric | ReportGrouping;
  order: ReportSortOrder;
  limit: number;
  offset: number;
}

export type ReportQueryErrors = Partial<Record<string, string>>;
export type ParsedReportQuery = { ok: true; query: ReportQuery } | { ok: false; errors: ReportQueryErrors };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLATFORM_KEYS: readonly string[] = PLATFORMS.map((platform) => platform.key);
const list = (raw: string | null): string[] =>
  raw === null || raw.trim() === '' ? [] : raw.split(',').map((item) => item.trim());
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * Reads a report query from URL parameters. Every bad parameter is named with what is wrong; an unknown
 * parameter is ignored (links survive additions). `defaults` fills a missing range (the page's preset).
 */
export function parseReportQuery(
  params: URLSearchParams,
  defaults: { from: string; to: string },
): ParsedReportQuery {
  const errors: ReportQueryErrors = {};
  const from = params.get('from') ?? defaults.from;
  const to = params.get('to') ?? defaults.to;
  if (!isCalendarDate(from)) errors.from = 'Use a date in the form YYYY-MM-DD.';
  if (!isCalendarDate(to)) errors.to = 'Use a date in the form YYYY-MM-DD.';
  if (!errors.from && !errors.to) {
    if (to < from) errors.to = 'The end date must be on or after the start date.';
    else if (daysBetween(from, to) > REPORT_MAX_DAYS)
      errors.to = `A report covers at most ${REPORT_MAX_DAYS} days.`;
  }

  const groupBy = list(params.get('groupBy') ?? 'campaign');
  const unknownGroups = groupBy.filter((group) => !(REPORT_GROUPINGS as readonly string[]).includes(group));
  if (groupBy.length === 0 || groupBy.length > 2)
    errors.groupBy = `Group by one or two of ${REPORT_GROUPINGS.join(', ')}.`;
  else if (unknownGroups.length > 0)
    errors.groupBy = `Unknown grouping ${unknownGroups.join(', ')}: use ${REPORT_GROUPINGS.join(', ')}.`;
  else if (new Set(groupBy).size !== groupBy.length) errors.groupBy = 'Group by two different things.';
  else if (groupBy.includes('day') && groupBy.includes('week'))
    errors.groupBy = 'Group by day or by week, not both.';

  const metrics = list(params.get('metrics') ?? REPORT_METRICS.join(','));
  const unknownMetrics = metrics.filter((metric) => !(REPORT_METRICS as readonly string[]).includes(metric));
  if (metrics.length === 0) errors.metrics = 'Choose at least one metric.';
  else if (unknownMetrics.length > 0)
    errors.metrics = `Unknown metric ${unknownMetrics.join(', ')}: use ${REPORT_METRICS.join(', ')}.`;
  else if (new Set(metrics).size !== metrics.length) errors.metrics = 'A metric is listed twice.';

  const compareRaw = params.get('compare');
  if (compareRaw !== null && compareRaw !== 'previous' && compareRaw !== 'none')
    errors.compare = 'Use compare=previous or compare=none.';

  const currencyRaw = params.get('currency');
  if (currencyRaw !== null && !(CURRENCIES as readonly string[]).includes(currencyRaw))
    errors.currency = `Use one of ${CURRENCIES.join(', ')}.`;

  const customerIds = list(params.get('customer'));
  if (customerIds.some((id) => !UUID.test(id))) errors.customer = 'Customer ids are UUIDs, comma-separated.';
  const campaignIds = list(params.get('campaign'));
  if (campaignIds.some((id) => !UUID.test(id))) errors.campaign = 'Campaign ids are UUIDs, comma-separated.';
  if (customerIds.length > 100) errors.customer = 'Filter by at most 100 customers.';
  if (campaignIds.length > 100) errors.campaign = 'Filter by at most 100 campaigns.';
  const platforms = list(params.get('platform'));
  const unknownPlatforms = platforms.filter((key) => !PLATFORM_KEYS.includes(key));
  if (unknownPlatforms.length > 0)
    errors.platform = `Unknown platform ${unknownPlatforms.join(', ')}: use ${PLATFORM_KEYS.join(', ')}.`;
  const statuses = list(params.get('status'));
  const unknownStatuses = statuses.filter(
    (status) => !(CAMPAIGN_STATUSES as readonly string[]).includes(status),
  );
  if (unknownStatuses.length > 0)
    errors.status = `Unknown status ${unknownStatuses.join(', ')}: use ${CAMPAIGN_STATUSES.join(', ')}.`;

  const sort = params.get('sort') ?? 'spend';
  if (
    !(REPORT_METRICS as readonly string[]).includes(sort) &&
    !(REPORT_GROUPINGS as readonly string[]).includes(sort)
  )
    errors.sort = 'Sort by a metric or a grouping of the report.';
  else if ((REPORT_GROUPINGS as readonly string[]).includes(sort) && !groupBy.includes(sort))
    errors.sort = 'Sort by a metric or a grouping of the report.';
  else if ((REPORT_METRICS as readonly string[]).includes(sort) && !metrics.includes(sort))
    errors.sort = 'Sort by a metric the report shows.';
  const order = params.get('order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc') errors.order = 'Use order=asc or order=desc.';

  const limit = Number(params.get('limit') ?? REPORT_DEFAULT_PAGE_SIZE);
  if (!(REPORT_PAGE_SIZES as readonly number[]).includes(limit))
    errors.limit = `Use a page size of ${REPORT_PAGE_SIZES.join(', ')}.`;
  const offsetRaw = params.get('offset') ?? '0';
  const offset = Number(offsetRaw);
  if (!/^\d{1,9}$/.test(offsetRaw)) errors.offset = 'Use a whole number of rows to skip.';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    query: {
      from,
      to,
      groupBy: groupBy as ReportGrouping[],
      metrics: metrics as ReportMetric[],
      compare: compareRaw === 'previous',
      currency: currencyRaw as ReportQuery['currency'],
      customerIds,
      campaignIds,
      platforms,
      statuses,
      sort: sort as ReportQuery['sort'],
      order: order as ReportSortOrder,
      limit,
      offset,
    },
  };
}

/** The URL parameters of a query, in a stable order, leaving defaults out (short, shareable links). */
export function reportQueryParams(query: ReportQuery): URLSearchParams {
  const params = new URLSearchParams();
  params.set('from', query.from);
  params.set('to', query.to);
  params.set('groupBy', query.groupBy.join(','));
  params.set('metrics', query.metrics.join(','));
  if (query.compare) params.set('compare', 'previous');
  if (query.currency) params.set('currency', query.currency);
  if (query.customerIds.length) params.set('customer', query.customerIds.join(','));
  if (query.campaignIds.length) params.set('campaign', query.campaignIds.join(','));
  if (query.platforms.length) params.set('platform', query.platforms.join(','));
  if (query.statuses.length) params.set('status', query.statuses.join(','));
  if (query.sort !== 'spend') params.set('sort', query.sort);
  if (query.order !== 'desc') params.set('order', query.order);
  if (query.limit !== REPORT_DEFAULT_PAGE_SIZE) params.set('limit', String(query.limit));
  if (query.offset !== 0) params.set('offset', String(query.offset));
  return params;
}

/** The period of equal length just before [from, to]. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = daysBetween(from, to);
  const shift = (day: string, by: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
  return { from: shift(from, -days), to: shift(from, -1) };
}

/** Every metric of a group from its summed counts (rates from sums; null where the denominator is 0). */
export function metricValues(counts: DeliveryCounts): Record<ReportMetric, number | null> {
  const { impressions, reach, clicks, spendMinor, conversions } = counts;
  return {
    spend: spendMinor,
    impressions,
    reach,
    clicks,
    ctr: impressions > 0 ? clicks / impressions : null,
    cpc: clicks > 0 ? spendMinor / clicks : null,
    cpm: impressions > 0 ? (spendMinor / impressions) * 1000 : null,
    conversions,
    costPerConversion: conversions > 0 ? spendMinor / conversions : null,
  };
}

/** Δ % against the previous period: null when there is nothing to compare with (previous 0 or null). */
export function changeRatio(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/** A group's key: each grouping's value with what to show for it. */
export interface ReportKey {
  grouping: ReportGrouping;
  /** campaign / customer id, platform key, day (YYYY-MM-DD) or week (its Monday, YYYY-MM-DD); null = none (a campaign without customer). */
  value: string | null;
  label: string;
}

export type ReportValues = Partial<Record<ReportMetric, number | null>>;

export interface ReportRow {
  keys: ReportKey[];
  values: ReportValues;
  /** With `compare`: the same group in the previous period, and Δ as a ratio (0.12 = +12 %). */
  previous: ReportValues | null;
  change: ReportValues | null;
}

/** `GET /api/reports` (JSON). */
export interface ReportResponse {
  query: ReportQuery;
  /** The currency the money metrics are in, and the others the account's campaigns use (to switch). */
  currency: string;
  currencies: string[];
  previousRange: { from: string; to: string } | null;
  /** One page of rows, sorted; `rowCount` is every group's. */
  rows: ReportRow[];
  rowCount: number;
  totals: Omit<ReportRow, 'keys'>;
  /** The last day any platform has reported for this account (data after it is not in yet). */
  dataThrough: string | null;
}

// --- the answer as a schema (the OpenAPI document, server/openapi) ---------------------------------------

const ReportQuerySchema = v.object({
  from: v.string(),
  to: v.string(),
  groupBy: v.array(v.picklist(REPORT_GROUPINGS)),
  metrics: v.array(v.picklist(REPORT_METRICS)),
  compare: v.boolean(),
  currency: v.nullable(v.picklist(CURRENCIES)),
  customerIds: v.array(v.string()),
  campaignIds: v.array(v.string()),
  platforms: v.array(v.string()),
  statuses: v.array(v.string()),
  sort: v.picklist([...REPORT_METRICS, ...REPORT_GROUPINGS]),
  order: v.picklist(['asc', 'desc']),
  limit: v.number(),
  offset: v.number(),
});
const MetricValue = v.optional(v.nullable(v.number()));
const ReportValuesSchema = v.object(
  Object.fromEntries(REPORT_METRICS.map((metric) => [metric, MetricValue])) as Record<
    ReportMetric,
    typeof MetricValue
  >,
);
const ReportTotalsSchema = v.object({
  values: ReportValuesSchema,
  previous: v.nullable(ReportValuesSchema),
  change: v.nullable(ReportValuesSchema),
});
const ReportRowSchema = v.object({
  keys: v.array(
    v.object({ grouping: v.picklist(REPORT_GROUPINGS), value: v.nullable(v.string()), label: v.string() }),
  ),
  ...ReportTotalsSchema.entries,
});

/** `ReportResponse` as a schema: tests/openapi/contract-types.test.ts keeps the two one type. */
export const ReportResponseSchema = v.object({
  query: ReportQuerySchema,
  currency: v.string(),
  currencies: v.array(v.string()),
  previousRange: v.nullable(v.object({ from: v.string(), to: v.string() })),
  rows: v.array(ReportRowSchema),
  rowCount: v.number(),
  totals: ReportTotalsSchema,
  dataThrough: v.nullable(v.string()),
});
