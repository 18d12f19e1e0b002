/**
 * The report's state is its URL: the contract's query parameters (`parseReportQuery`, `reportQueryParams`)
 * plus the page's own `chart` (the time-series metric). A control's event becomes the next URL here.
 */
import { CAMPAIGN_STATUSES, PLATFORMS } from '@contract/reference';
import {
  type ParsedReportQuery,
  parseReportQuery,
  previousPeriod,
  REPORT_GROUPINGS,
  REPORT_METRICS,
  type ReportMetric,
  type ReportQuery,
  reportQueryParams,
} from '@contract/reports';
import { DEFAULT_PRESET, presetRange, rangeDays } from './report.presets';
import type { ReportChoiceFilter, ReportEvent, ReportFilter } from './report.types';

/** The page's parameter for the time-series metric (the API ignores it). */
export const CHART_PARAM = 'chart';
/** Longer ranges are charted by week: a point a day would be too dense to read. */
export const SERIES_WEEKLY_AFTER_DAYS = 120;

export function readReport(search: string, today: string): ParsedReportQuery {
  return parseReportQuery(new URLSearchParams(search), presetRange(DEFAULT_PRESET, today));
}

/** The charted metric: the URL's when the report shows it, else the report's first metric. */
export function chartMetricOf(search: string, query: ReportQuery): ReportMetric {
  const chosen = new URLSearchParams(search).get(CHART_PARAM);
  return query.metrics.find((metric) => metric === chosen) ?? query.metrics[0] ?? 'spend';
}

/**
 * The time-series query: the chosen metric over the same range and filters, a row per day (or week), and per
 * platform too when the report is grouped by platform (a line each). Its rows may fill several pages of the
 * largest size: the page asks for all of them.
 */
export function seriesQuery(query: ReportQuery, metric: ReportMetric): ReportQuery {
  const grouping = rangeDays(query.from, query.to) > SERIES_WEEKLY_AFTER_DAYS ? 'week' : 'day';
  return {
    ...query,
    groupBy: query.groupBy.includes('platform') ? [grouping, 'platform'] : [grouping],
    metrics: [metric],
    compare: false,
    sort: grouping,
    order: 'asc',
    limit: SERIES_PAGE_SIZE,
    offset: 0,
  };
}

/** The time-series' page size: the largest the API takes. */
export const SERIES_PAGE_SIZE = 250;

/**
 * With compare, the same time-series over the previous period (drawn dashed over this one); else null. Its
 * days or weeks are those of the previous period's length, so both series count the same buckets.
 */
export function previousSeriesQuery(query: ReportQuery, metric: ReportMetric): ReportQuery | null {
  if (!query.compare) return null;
  const series = seriesQuery(query, metric);
  return { ...series, ...previousPeriod(query.from, query.to) };
}

const FILTER_PARAMS = { customer: 'customer', campaign: 'campaign', platform: 'platform', status: 'status' };

/** What each checkbox filter offers, in the order its values are written (one choice, one URL). */
export const FILTER_CHOICES: Record<ReportChoiceFilter, readonly string[]> = {
  platform: PLATFORMS.map((platform) => platform.key),
  status: CAMPAIGN_STATUSES,
};

/** The filter's values in the URL (the contract's comma-separated list). */
export function filterValues(search: string, filter: ReportFilter): string[] {
  const raw = new URLSearchParams(search).get(FILTER_PARAMS[filter]) ?? '';
  return raw.trim() === '' ? [] : raw.split(',').map((value) => value.trim());
}

/**
 * A checkbox filter's values after one is checked or unchecked, in the list's order. Values the list does not
 * know (a hand-edited URL, named as a problem) are dropped: choosing fixes the filter.
 */
function toggled(search: string, filter: ReportChoiceFilter, value: string): string[] {
  const chosen = new Set(filterValues(search, filter));
  if (chosen.has(value)) chosen.delete(value);
  else chosen.add(value);
  return FILTER_CHOICES[filter].filter((known) => chosen.has(known));
}
const isGrouping = (value: string) => (REPORT_GROUPINGS as readonly string[]).includes(value);
const isMetric = (value: string) => (REPORT_METRICS as readonly string[]).includes(value);

/** Sets or removes one parameter (an empty value removes it: the contract's default applies). */
function put(params: URLSearchParams, name: string, value: string | null) {
  if (value === null || value === '') params.delete(name);
  else params.set(name, value);
}

/**
 * The URL after a control's event. Any change but paging starts again at the first page; a sort that the new
 * groupings or metrics no longer show falls back to the first metric.
 */
export function nextSearch(search: string, event: ReportEvent, today: string): string {
  const params = new URLSearchParams(search);
  switch (event.type) {
    case 'range.change':
      put(params, 'from', event.from);
      put(params, 'to', event.to);
      break;
    case 'grouping.change':
      put(params, 'groupBy', event.groupBy.join(','));
      break;
    case 'metrics.change':
      put(params, 'metrics', event.metrics.join(','));
      break;
    case 'filter.change':
      put(params, FILTER_PARAMS[event.filter], event.values.join(','));
      break;
    case 'filter.toggle':
      put(params, FILTER_PARAMS[event.filter], toggled(search, event.filter, event.value).join(','));
      break;
    case 'filter.remove':
      put(
        params,
        FILTER_PARAMS[event.filter],
        filterValues(search, event.filter)
          .filter((value) => value !== event.value)
          .join(','),
      );
      break;
    case 'compare.change':
      put(params, 'compare', event.compare ? 'previous' : null);
      break;
    case 'currency.change':
      put(params, 'currency', event.currency);
      break;
    case 'sort.toggle': {
      const parsed = readReport(search, today);
      const current = parsed.ok ? parsed.query : null;
      const same = current?.sort === event.column;
      // A second click on the sorted column turns it round; a new column starts where readers expect:
      // names A→Z, figures largest first.
      const order = same
        ? current.order === 'asc'
          ? 'desc'
          : 'asc'
        : isGrouping(event.column)
          ? 'asc'
          : 'desc';
      put(params, 'sort', event.column);
      put(params, 'order', order);
      break;
    }
    case 'page.change':
      put(params, 'offset', event.offset > 0 ? String(event.offset) : null);
      break;
    case 'pageSize.change':
      put(params, 'limit', String(event.limit));
      break;
    case 'chartMetric.change':
      put(params, CHART_PARAM, event.metric);
      break;
    default:
      return search;
  }
  if (event.type !== 'page.change' && event.type !== 'chartMetric.change') params.delete('offset');
  keepSortShown(params);
  return canonical(params, today);
}

/** A sort column the report no longer shows would be refused: sort by the first metric instead. */
function keepSortShown(params: URLSearchParams) {
  const sort = params.get('sort') ?? 'spend';
  const groupBy = (params.get('groupBy') ?? 'campaign').split(',');
  const metrics = (params.get('metrics') ?? REPORT_METRICS.join(',')).split(',');
  const shown = isGrouping(sort) ? groupBy.includes(sort) : isMetric(sort) && metrics.includes(sort);
  if (shown) return;
  const first = metrics.find(isMetric);
  if (first) params.set('sort', first);
  params.delete('order');
}

/**
 * A query the contract accepts is written in its stable form, range included, so a shared link opens the
 * same days; one with problems stays as typed, for its controls to show them.
 */
function canonical(params: URLSearchParams, today: string): string {
  const parsed = parseReportQuery(params, presetRange(DEFAULT_PRESET, today));
  if (!parsed.ok) return params.toString();
  const next = reportQueryParams(parsed.query);
  const chart = params.get(CHART_PARAM);
  if (chart && parsed.query.metrics.some((metric) => metric === chart)) next.set(CHART_PARAM, chart);
  return next.toString();
}
