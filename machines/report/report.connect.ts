import {
  type ReportGrouping,
  type ReportMetric,
  type ReportQuery,
  type ReportQueryErrors,
  type ReportResponse,
  reportQueryParams,
} from '@contract/reports';
import type { SnapshotFrom } from 'xstate';
import { describeFailure } from '../shared/errors';
import type { ReportMachine } from './report.machine';
import { matchPreset, type RangePreset } from './report.presets';
import { chartModel, type ReportChartModel } from './report.series';
import type { ReportChoiceFilter, ReportEvent, ReportFilter, ReportResult } from './report.types';
import { chartMetricOf, readReport } from './report.url';

export type ReportSnapshot = SnapshotFrom<ReportMachine>;
export type ReportPhase = 'loading' | 'shown' | 'empty' | 'invalid' | 'failed';

/** What the page's controls do: each sends its event (the machine writes the URL and asks again). */
export interface ReportCommands {
  changeRange: (from: string, to: string) => void;
  changeGrouping: (groupBy: ReportGrouping[]) => void;
  changeMetrics: (metrics: ReportMetric[]) => void;
  changeFilter: (filter: ReportFilter, values: string[]) => void;
  /** Checks or unchecks one platform or status. */
  toggleFilter: (filter: ReportChoiceFilter, value: string) => void;
  /** A chip's ×: that value leaves the filter. */
  removeFilter: (filter: ReportFilter, value: string) => void;
  changeCompare: (compare: boolean) => void;
  changeCurrency: (currency: string) => void;
  toggleSort: (column: ReportMetric | ReportGrouping) => void;
  changePage: (offset: number) => void;
  changePageSize: (limit: number) => void;
  changeChartMetric: (metric: ReportMetric) => void;
  retry: () => void;
}

export interface ReportView extends ReportCommands {
  phase: ReportPhase;
  /** The controls' values: the valid query, or (with problems) the URL read with its problems left at their defaults. */
  query: ReportQuery | null;
  preset: RangePreset | 'custom';
  /** The dates as the URL has them (a wrong one stays in its field, its problem beside it). */
  range: { from: string; to: string };
  chartMetric: ReportMetric;
  /** Problems by URL parameter, each shown next to the control that sets it. */
  queryErrors: ReportQueryErrors;
  /** The last answer (kept, dimmed, while a newer one loads). */
  report: ReportResponse | null;
  series: ReportResponse | null;
  /** The time-series as the chart draws it: a line per platform (or a total), dashed previous-period twins. */
  chart: ReportChartModel | null;
  isBusy: boolean;
  /** Shown when loading failed; the page offers "Try again". */
  errorMessage: string | null;
  /** The CSV of the same query (every row, streamed by the server). */
  csvHref: string | null;
}

/** The commands of the page, bound to `send`. */
export function reportCommands(send: (event: ReportEvent) => void): ReportCommands {
  return {
    changeRange: (from, to) => send({ type: 'range.change', from, to }),
    changeGrouping: (groupBy) => send({ type: 'grouping.change', groupBy }),
    changeMetrics: (metrics) => send({ type: 'metrics.change', metrics }),
    changeFilter: (filter, values) => send({ type: 'filter.change', filter, values }),
    toggleFilter: (filter, value) => send({ type: 'filter.toggle', filter, value }),
    removeFilter: (filter, value) => send({ type: 'filter.remove', filter, value }),
    changeCompare: (compare) => send({ type: 'compare.change', compare }),
    changeCurrency: (currency) => send({ type: 'currency.change', currency }),
    toggleSort: (column) => send({ type: 'sort.toggle', column }),
    changePage: (offset) => send({ type: 'page.change', offset }),
    changePageSize: (limit) => send({ type: 'pageSize.change', limit }),
    changeChartMetric: (metric) => send({ type: 'chartMetric.change', metric }),
    retry: () => send({ type: 'report.retry' }),
  };
}

/** Snapshot → what the reports page shows, with its commands bound to `send`. */
export function connectReport(snapshot: ReportSnapshot, send: (event: ReportEvent) => void): ReportView {
  const { context } = snapshot;
  const phase: ReportPhase = snapshot.matches('shown')
    ? 'shown'
    : snapshot.matches('empty')
      ? 'empty'
      : snapshot.matches('invalid')
        ? 'invalid'
        : snapshot.matches('failed')
          ? 'failed'
          : 'loading';
  const query = context.query ?? fallbackQuery(context.search, context.today, context.queryErrors);
  const result = context.result;
  const chartMetric = query ? chartMetricOf(context.search, query) : 'spend';
  return {
    ...reportCommands(send),
    phase,
    query,
    preset: query ? matchPreset(query.from, query.to, context.today) : 'custom',
    range: rangeOf(context.search, query),
    chartMetric,
    queryErrors: context.queryErrors,
    report: context.result?.report ?? null,
    series: result?.series ?? null,
    chart: result && query ? chartOf(result, query, chartMetric) : null,
    isBusy: phase === 'loading',
    errorMessage: phase === 'failed' ? describeFailure(context.error, []).formError : null,
    csvHref: context.query && phase !== 'invalid' ? csvHref(context.query) : null,
  };
}

/**
 * One chart per answer, made when it arrives (the query and metric on screen then are the ones it answers),
 * and the same object after: while a newer query loads, the last chart stays as it was, and the view redraws
 * only for a new answer.
 */
const charts = new WeakMap<ReportResult, ReportChartModel>();
function chartOf(result: ReportResult, query: ReportQuery, metric: ReportMetric): ReportChartModel {
  let chart = charts.get(result);
  if (!chart) {
    chart = chartModel(query, metric, result.series, result.previousSeries ?? null);
    charts.set(result, chart);
  }
  return chart;
}

function rangeOf(search: string, query: ReportQuery | null) {
  const params = new URLSearchParams(search);
  return { from: params.get('from') ?? query?.from ?? '', to: params.get('to') ?? query?.to ?? '' };
}

/** `GET /api/reports?…&format=csv`: the browser follows it and the server streams the file. */
export function csvHref(query: ReportQuery): string {
  const params = reportQueryParams(query);
  params.delete('limit');
  params.delete('offset');
  params.set('format', 'csv');
  return `/api/reports?${params.toString()}`;
}

/**
 * With problems, the controls still need values: the URL is read again without the parameters at fault,
 * so each control shows what it can and its problem beside it.
 */
function fallbackQuery(search: string, today: string, errors: ReportQueryErrors): ReportQuery | null {
  const params = new URLSearchParams(search);
  let problems: ReportQueryErrors = errors;
  // A problem of the range may only show once a parameter at fault is gone (a reversed range): up to a few rounds.
  for (let round = 0; round < 4; round += 1) {
    for (const name of Object.keys(problems)) {
      if (params.has(name)) params.delete(name);
      else if (name === 'from' || name === 'to') {
        params.delete('from');
        params.delete('to');
      }
    }
    // A sort is only wrong together with the groupings or metrics: without them it falls back too.
    if (problems.groupBy || problems.metrics) {
      params.delete('sort');
      params.delete('order');
    }
    const parsed = readReport(params.toString(), today);
    if (parsed.ok) return parsed.query;
    problems = parsed.errors;
  }
  return null;
}
