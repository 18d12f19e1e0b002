/**
 * What each state of the reports page promises (chart input: arriving at /reports with no parameters on
 * 2030-03-31). The spec: the URL is the report; with no range it covers the last 30 days (2030-03-02 …
 * 2030-03-31); every control writes the URL (a history entry) and asks again from the first page; the
 * time-series asks for the charted metric by day; problems are named per parameter; the CSV link is the
 * same query with format=csv and without paging.
 */

import { previousPeriod } from '@contract/reports';
import { connectReport } from '@machines/report/report.connect';
import { reportMachine } from '@machines/report/report.machine';
import type { LoadReportInput, ReportResult } from '@machines/report/report.types';
import { FILTER_CHOICES, filterValues } from '@machines/report/report.url';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleStep } from '../oracle';
import { formMessage, sentBy } from './shared';

type Machine = typeof reportMachine;
type Step = OracleStep<Machine>;

const view = (step: Step) => connectReport(step.snapshot, () => {});
const params = (step: Step) => new URLSearchParams(step.context.search);

const CONTROL_PARAMS: Record<string, (step: Step) => void> = {
  'range.change': (step) => {
    expectEqual(params(step).get('from'), step.event.from, 'from in the URL');
    expectEqual(params(step).get('to'), step.event.to, 'to in the URL');
  },
  'grouping.change': (step) =>
    expectEqual(
      params(step).get('groupBy'),
      (step.event.groupBy as string[]).join(','),
      'groupBy in the URL',
    ),
  'metrics.change': (step) =>
    expectEqual(
      params(step).get('metrics'),
      (step.event.metrics as string[]).join(','),
      'metrics in the URL',
    ),
  'filter.change': (step) =>
    expectEqual(
      params(step).get(step.event.filter as string) ?? '',
      (step.event.values as string[]).join(','),
      'filter',
    ),
  'filter.toggle': (step) => {
    const { filter, value } = step.event as unknown as { filter: 'platform' | 'status'; value: string };
    const before = filterValues(step.previous!.context.search, filter);
    const after = filterValues(step.context.search, filter);
    // Checked adds it, unchecked takes it out; the others stay, in the list's order (one choice, one URL).
    expectEqual(after.includes(value), !before.includes(value), `${value} ${filter} toggled`);
    expectEqual(
      after,
      FILTER_CHOICES[filter].filter((known) =>
        known === value ? !before.includes(value) : before.includes(known),
      ),
      `${filter} values`,
    );
  },
  'filter.remove': (step) => {
    const { filter, value } = step.event as unknown as { filter: 'platform' | 'status'; value: string };
    const before = filterValues(step.previous!.context.search, filter);
    expectThat(before.includes(value), `${value} removed without being chosen`);
    expectEqual(
      filterValues(step.context.search, filter),
      before.filter((other) => other !== value),
      `${filter} without ${value}`,
    );
  },
  'compare.change': (step) => expectEqual(params(step).get('compare'), 'previous', 'compare in the URL'),
  'currency.change': (step) => expectEqual(params(step).get('currency'), step.event.currency, 'currency'),
  'sort.toggle': (step) => {
    expectEqual(params(step).get('sort'), step.event.column, 'sort in the URL');
    // A new figure column sorts largest first; the same column again turns round.
    const before = new URLSearchParams(step.previous!.context.search);
    const wasSorted = before.get('sort') === step.event.column;
    const expected = wasSorted ? (before.get('order') === 'asc' ? 'desc' : 'asc') : 'desc';
    expectEqual(params(step).get('order') ?? 'desc', expected, 'order');
  },
  'page.change': (step) => expectEqual(params(step).get('offset'), String(step.event.offset), 'offset'),
  'pageSize.change': (step) => expectEqual(params(step).get('limit'), String(step.event.limit), 'limit'),
  'chartMetric.change': (step) => expectEqual(params(step).get('chart'), step.event.metric, 'chart'),
};

const controlChecks = Object.fromEntries(
  Object.entries(CONTROL_PARAMS).map(([type, check]) => [
    type,
    (step: Step) => {
      // Each control is a history entry: the browser's URL follows.
      expectEqual(step.emitted, [{ type: 'navigate', to: `/reports?${step.context.search}` }], 'navigation');
      check(step);
      if (type !== 'page.change' && type !== 'chartMetric.change')
        expectEqual(params(step).get('offset'), null, 'back to the first page');
    },
  ]),
);

export const reportOracle = defineOracle(reportMachine, {
  always: (step) => expectEqual(step.context.today, '2030-03-31', 'today'),
  events: {
    ...controlChecks,
    'url.change': (step) => {
      // Back, Forward or a link: the page shows that URL and does not write history itself.
      expectEqual(step.emitted, [], 'navigation');
      expectEqual(step.context.search, step.event.search, 'the URL shown');
    },
  },
  states: {
    loading: (step) => {
      expectFields(view(step), { phase: 'loading', isBusy: true, errorMessage: null });
      const request = step.snapshot.children.loadReport as
        | { options?: { input?: LoadReportInput } }
        | undefined;
      expectThat(request !== undefined, 'no report request on its way');
      const { query, series, previousSeries } = request.options!.input!;
      const url = params(step);
      expectEqual(query.from, url.get('from') ?? '2030-03-02', 'from asked');
      expectEqual(query.to, url.get('to') ?? '2030-03-31', 'to asked');
      expectEqual(query.groupBy.join(','), url.get('groupBy') ?? 'campaign', 'groupBy asked');
      expectEqual(query.offset, Number(url.get('offset') ?? 0), 'offset asked');
      // Several platforms and statuses at once: all of them asked, the time-series filtered alike.
      for (const [filter, field] of [
        ['platform', 'platforms'],
        ['status', 'statuses'],
        ['customer', 'customerIds'],
      ] as const) {
        expectEqual(query[field], (url.get(filter) ?? '').split(',').filter(Boolean), `${filter} asked`);
        expectEqual(series[field], query[field], `${filter} of the series`);
      }
      // The time-series: the charted metric (the URL's, else the first shown) by day over the same range.
      const metrics = (url.get('metrics') ?? 'spend').split(',');
      const charted = metrics.includes(url.get('chart') ?? '') ? url.get('chart') : metrics[0];
      // Grouped by platform, the series is by day and platform: a line per platform.
      const byPlatform = query.groupBy.includes('platform');
      expectFields(
        series,
        {
          from: query.from,
          to: query.to,
          groupBy: byPlatform ? ['day', 'platform'] : ['day'],
          metrics: [charted],
          offset: 0,
        },
        'series',
      );
      // Comparing, the same series over the previous period (drawn dashed on the chart); else none.
      if (!query.compare) expectEqual(previousSeries, null, 'previous series');
      else
        expectFields(
          previousSeries ?? {},
          { ...previousPeriod(query.from, query.to), groupBy: series.groupBy, metrics: series.metrics },
          'previous series',
        );
    },
    shown: (step) => {
      const output = step.event.output as ReportResult;
      expectFields(view(step), {
        phase: 'shown',
        isBusy: false,
        errorMessage: null,
        queryErrors: {},
        report: output.report,
        series: output.series,
      });
      expectThat(output.report.rowCount > 0, 'shown without rows');
      // The chart: a line per platform of the series (one total line without platforms), over its days.
      const chart = view(step).chart!;
      const platforms = new Set(output.series.rows.map((row) => row.keys[1]?.value ?? 'total'));
      expectEqual(
        chart.lines
          .filter((line) => line.period === 'current')
          .map((line) => line.key)
          .sort(),
        [...platforms].sort(),
        'lines',
      );
      expectEqual(
        chart.buckets,
        [...new Set(output.series.rows.map((row) => row.keys[0]!.value))].sort(),
        'days',
      );
      const csv = new URL(view(step).csvHref!, 'http://x');
      expectEqual(csv.pathname, '/api/reports', 'CSV path');
      expectEqual(csv.searchParams.get('format'), 'csv', 'CSV format');
      expectEqual(
        [csv.searchParams.get('limit'), csv.searchParams.get('offset')],
        [null, null],
        'CSV has every row',
      );
      expectEqual(csv.searchParams.get('from'), step.context.query!.from, 'CSV range');
    },
    empty: (step) => {
      expectFields(view(step), { phase: 'empty', isBusy: false, errorMessage: null });
      expectEqual(view(step).report?.rowCount, 0, 'rows');
    },
    invalid: (step) => {
      const { queryErrors, csvHref, phase } = view(step);
      expectFields({ phase, csvHref }, { phase: 'invalid', csvHref: null });
      expectEqual(Object.keys(step.snapshot.children), [], 'requests on their way');
      if (step.event.type === 'xstate.error.actor.loadReport') {
        expectEqual(queryErrors, { groupBy: 'Group by day or by week, not both.' }, 'the server’s problems');
        return;
      }
      const url = params(step);
      if (url.get('from') === '2030-13-01')
        expectEqual(queryErrors.from, 'Use a date in the form YYYY-MM-DD.', 'from');
      else if ((url.get('to') ?? '') < (url.get('from') ?? ''))
        expectEqual(queryErrors.to, 'The end date must be on or after the start date.', 'to');
      else throw new Error(`invalid without a reason in ${step.context.search}`);
    },
    failed: (step) => {
      expectFields(view(step), {
        phase: 'failed',
        isBusy: false,
        errorMessage: formMessage(step.event.error),
      });
      // “Try again” asks again; the chart's own controls write the URL.
      const retry = sentBy(
        (send) => connectReport(step.snapshot, send),
        (page) => page.retry(),
      );
      expectEqual(retry, [{ type: 'report.retry' }], 'Try again sends');
      const sort = sentBy(
        (send) => connectReport(step.snapshot, send),
        (page) => page.toggleSort('spend'),
      );
      expectEqual(sort, [{ type: 'sort.toggle', column: 'spend' }], 'a column header sends');
    },
  },
});
