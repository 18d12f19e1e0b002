import type {
  ReportGrouping,
  ReportMetric,
  ReportQuery,
  ReportQueryErrors,
  ReportResponse,
} from '@contract/reports';

export interface ReportInput {
  /** The page's URL query on arrival (without `?`): the whole report state. */
  search: string;
  /** Today (YYYY-MM-DD, UTC): the presets and the default range count from it. */
  today: string;
}

/**
 * One answer: the table's page and the time-series of the chosen metric (a second query, by day or week, by
 * platform when the report is), every row of it; with compare, the same series over the previous period.
 */
export interface ReportResult {
  report: ReportResponse;
  series: ReportResponse;
  previousSeries: ReportResponse | null;
}

export interface LoadReportInput {
  query: ReportQuery;
  series: ReportQuery;
  /** The previous period's series (with compare), else null. */
  previousSeries: ReportQuery | null;
}

export interface ReportContext {
  today: string;
  /** The URL query the report shows (without `?`); every control rewrites it, Back and Forward restore it. */
  search: string;
  /** The query read from `search`; null while it has problems. */
  query: ReportQuery | null;
  /** Problems by URL parameter (`from`, `groupBy`, …): the URL's own, or the server's 400. */
  queryErrors: ReportQueryErrors;
  /** The last answer; kept on screen while a newer query loads. */
  result: ReportResult | null;
  /** Why the last load failed (an ApiError or a network error). */
  error: unknown;
}

export type ReportFilter = 'customer' | 'campaign' | 'platform' | 'status';
/** The filters chosen from a fixed list (checkboxes); customers and campaigns are searched for instead. */
export type ReportChoiceFilter = 'platform' | 'status';

export type ReportEvent =
  | { type: 'url.change'; search: string }
  | { type: 'range.change'; from: string; to: string }
  | { type: 'grouping.change'; groupBy: ReportGrouping[] }
  | { type: 'metrics.change'; metrics: ReportMetric[] }
  | { type: 'filter.change'; filter: ReportFilter; values: string[] }
  /** One platform or status checked or unchecked: added to the filter's values or taken out. */
  | { type: 'filter.toggle'; filter: ReportChoiceFilter; value: string }
  /** A chip's remove button: that value leaves the filter, the others stay. */
  | { type: 'filter.remove'; filter: ReportFilter; value: string }
  | { type: 'compare.change'; compare: boolean }
  | { type: 'currency.change'; currency: string }
  | { type: 'sort.toggle'; column: ReportMetric | ReportGrouping }
  | { type: 'page.change'; offset: number }
  | { type: 'pageSize.change'; limit: number }
  | { type: 'chartMetric.change'; metric: ReportMetric }
  | { type: 'report.retry' };

export type ReportEmitted = { type: 'navigate'; to: string };
