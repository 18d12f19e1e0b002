import { defineChart } from '../chart';
import { reportMachine } from './report.machine';
import { SAMPLE_CUSTOMER, SAMPLE_TODAY, sampleReport, sampleRow, sampleSeries } from './report.samples';
import type { ReportContext } from './report.types';

/** The URLs the samples arrive at; any other URL is one a control wrote. */
const URLS: Record<string, string> = {
  '': 'arrival',
  'groupBy=customer': 'byCustomer',
  'from=2030-13-01': 'badDate',
};

const summarize = (context: ReportContext) => ({
  url: URLS[context.search] ?? 'written by a control',
  valid: context.query !== null,
  rows: context.result?.report.rowCount ?? null,
  failed: context.error !== null,
  problems: Object.keys(context.queryErrors).sort(),
  // Whether a platform's chip can be removed depends on the platforms chosen.
  platforms: new URLSearchParams(context.search).get('platform') ?? '',
});

export const reportChart = defineChart({
  name: 'report',
  title: 'Reports',
  machine: reportMachine,
  description: reportMachine.root.description ?? '',
  input: { search: '', today: SAMPLE_TODAY },
  abstractContext: summarize,
  selectContext: summarize,
  events: [
    { type: 'url.change', search: '' },
    { type: 'url.change', search: 'groupBy=customer' },
    { type: 'url.change', search: 'from=2030-13-01' },
    { type: 'range.change', from: '2030-03-01', to: '2030-03-31' },
    { type: 'range.change', from: '2030-03-31', to: '2030-03-01' },
    { type: 'grouping.change', groupBy: ['campaign', 'platform'] },
    { type: 'metrics.change', metrics: ['spend', 'clicks'] },
    { type: 'filter.change', filter: 'customer', values: [SAMPLE_CUSTOMER.id] },
    { type: 'filter.toggle', filter: 'platform', value: 'meta' },
    { type: 'filter.toggle', filter: 'status', value: 'active' },
    { type: 'filter.remove', filter: 'platform', value: 'meta' },
    { type: 'compare.change', compare: true },
    { type: 'currency.change', currency: 'USD' },
    { type: 'sort.toggle', column: 'clicks' },
    { type: 'page.change', offset: 50 },
    { type: 'pageSize.change', limit: 100 },
    { type: 'chartMetric.change', metric: 'clicks' },
    { type: 'report.retry' },
    {
      type: 'xstate.done.actor.loadReport',
      output: {
        // Two rows of a 120-row report: there is a next page.
        report: sampleReport(
          [sampleRow('Spring Launch', 120_000), sampleRow('Autumn', 40_000)],
          undefined,
          120,
        ),
        series: sampleSeries(),
        previousSeries: null,
      },
    },
    {
      type: 'xstate.done.actor.loadReport',
      output: { report: sampleReport([]), series: sampleSeries(), previousSeries: null },
    },
    {
      type: 'xstate.error.actor.loadReport',
      error: {
        status: 400,
        message: 'The report query has problems.',
        validationErrors: { groupBy: { message: 'Group by day or by week, not both.' } },
      },
    },
    {
      type: 'xstate.error.actor.loadReport',
      error: { status: 500, message: 'Sorry, something went wrong.' },
    },
    { type: 'xstate.error.actor.loadReport', error: new TypeError('Failed to fetch') },
  ],
});
