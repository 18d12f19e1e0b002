import type { ReportQueryErrors } from '@contract/reports';
import { assign, emit, fromPromise, setup } from 'xstate';
import { type LoadDone, loadStates } from '../shared/loadStates';
import type {
  LoadReportInput,
  ReportContext,
  ReportEmitted,
  ReportEvent,
  ReportInput,
  ReportResult,
} from './report.types';
import {
  chartMetricOf,
  FILTER_CHOICES,
  filterValues,
  nextSearch,
  previousSeriesQuery,
  readReport,
  seriesQuery,
} from './report.url';

/** The server refused the query and named the parameters at fault (a 400 with `validationErrors`). */
export function namedProblems(error: unknown): ReportQueryErrors | null {
  const { status, validationErrors } = (error ?? {}) as {
    status?: unknown;
    validationErrors?: Record<string, { message: string }>;
  };
  if (status !== 400 || !validationErrors || Object.keys(validationErrors).length === 0) return null;
  return Object.fromEntries(Object.entries(validationErrors).map(([name, { message }]) => [name, message]));
}

/** The events of the toolbar, the table and the chart: each writes the next URL. */
const CONTROL_EVENTS = [
  'range.change',
  'grouping.change',
  'metrics.change',
  'filter.change',
  'compare.change',
  'currency.change',
  'sort.toggle',
  'page.change',
  'pageSize.change',
  'chartMetric.change',
] as const;

/** Loading the table and the series, and trying again when it failed. */
const reportLoad = loadStates({
  actor: 'loadReport',
  input: (context: ReportContext): LoadReportInput => {
    const metric = chartMetricOf(context.search, context.query!);
    return {
      query: context.query!,
      series: seriesQuery(context.query!, metric),
      previousSeries: previousSeriesQuery(context.query!, metric),
    };
  },
  descriptions: {
    loading:
      'Asking for the table and the time-series of this query; the last answer stays on screen, dimmed. A newer query cancels this one.',
    failed: 'The report could not be loaded (no answer, or a server error); the user can try again.',
  },
  onDone: [
    {
      guard: { type: 'isEmpty', params: ({ event }: LoadDone<ReportResult>) => event },
      target: 'empty',
      actions: 'setResult',
    },
    { target: 'shown', actions: 'setResult' },
  ],
  errorCases: [
    {
      guard: { type: 'hasNamedProblems', params: ({ event }: { event: { error: unknown } }) => event },
      target: 'invalid',
      actions: 'setNamedProblems',
    },
  ],
  failAction: 'setError',
  retry: { event: 'report.retry' },
});

export const reportMachine = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
    input: {} as ReportInput,
    emitted: {} as ReportEmitted,
  },
  actors: {
    /** GET /api/reports for the table and for the time-series, together; `src/` provides it. */
    loadReport: fromPromise<ReportResult, LoadReportInput>(async () => {
      throw new Error('not provided: loadReport');
    }),
  },
  guards: {
    isQueryValid: ({ context }) => readReport(context.search, context.today).ok,
    isNewUrl: ({ context, event }) => event.type === 'url.change' && event.search !== context.search,
    /** A platform or status the filter offers (anything else would only make the URL wrong). */
    isKnownChoice: ({ event }) =>
      event.type === 'filter.toggle' && FILTER_CHOICES[event.filter].includes(event.value),
    /** The value is in the filter now: removing one that is not would write a history entry for nothing. */
    isChosen: ({ context, event }) =>
      event.type === 'filter.remove' && filterValues(context.search, event.filter).includes(event.value),
    isEmpty: (_, params: { output: ReportResult }) => params.output.report.rowCount === 0,
    hasNamedProblems: (_, params: { error: unknown }) => namedProblems(params.error) !== null,
  },
  actions: {
    followUrl: assign(({ event }) => ({ search: (event as { search: string }).search })),
    applyControl: assign(({ context, event }) => ({
      search: nextSearch(context.search, event, context.today),
    })),
    /** The browser's URL follows each control (a history entry, so Back undoes it). */
    pushUrl: emit(({ context }) => ({ type: 'navigate' as const, to: `/reports?${context.search}` })),
    readQuery: assign(({ context }) => {
      const parsed = readReport(context.search, context.today);
      return parsed.ok
        ? { query: parsed.query, queryErrors: {} }
        : { query: null, queryErrors: parsed.errors };
    }),
    setResult: assign(({ event }) => ({
      result: (event as unknown as { output: ReportResult }).output,
      error: null,
    })),
    setError: assign(({ event }) => ({ error: (event as unknown as { error: unknown }).error })),
    setNamedProblems: assign(({ event }) => ({
      queryErrors: namedProblems((event as unknown as { error: unknown }).error) ?? {},
      error: null,
    })),
  },
}).createMachine({
  id: 'report',
  description:
    'The cross-platform report: its whole state is the page URL (range, groupings, metrics, filters, sort, page, compare, the charted metric). Every control writes the URL and asks again; Back and Forward show the report of that URL. Platforms and statuses are checked one by one (several at once) and each chosen one can be removed by its chip.',
  context: ({ input }) => ({
    today: input.today,
    search: input.search,
    query: null,
    queryErrors: {},
    result: null,
    error: null,
  }),
  initial: 'checking',
  on: {
    'url.change': { guard: 'isNewUrl', target: '.checking', actions: 'followUrl' },
    ...Object.fromEntries(
      CONTROL_EVENTS.map((type) => [type, { target: '.checking', actions: ['applyControl', 'pushUrl'] }]),
    ),
    'filter.toggle': { guard: 'isKnownChoice', target: '.checking', actions: ['applyControl', 'pushUrl'] },
    'filter.remove': { guard: 'isChosen', target: '.checking', actions: ['applyControl', 'pushUrl'] },
  },
  states: {
    checking: {
      description: 'Reading the report from the URL.',
      always: [
        { guard: 'isQueryValid', target: 'loading', actions: 'readQuery' },
        { target: 'invalid', actions: 'readQuery' },
      ],
    },
    loading: reportLoad.loading,
    shown: {
      description:
        'The table (sorted, paged, with totals and Δ % when comparing), the time-series of the chosen metric and "Data through".',
    },
    empty: {
      description: 'No delivery matches: the page says which controls to change (range, filters, currency).',
    },
    invalid: {
      description:
        'The query has problems (from the URL, or refused by the server): each is shown next to the control that sets it, until that control is changed.',
    },
    failed: reportLoad.failed,
  },
});

export type ReportMachine = typeof reportMachine;
