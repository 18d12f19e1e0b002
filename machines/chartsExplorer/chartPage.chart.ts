import type { ChartCoverageDetail } from '@contract/charts';
import { defineChart } from '../chart';
import { chartPageMachine } from './chartPage.machine';

export const ERROR_RESET_KEY =
  'codeEntry.active.code.error|xstate.after.errorReset.codeEntry.active.code.error|0';
const SUBMIT_KEY = 'codeEntry.active.code.idle|code.submit|0';

/** The code-entry chart's last run, cut to one path: submit an empty code, then the 500 ms reset. */
export const SAMPLE_DETAIL: ChartCoverageDetail = {
  name: 'codeEntry',
  ranAt: '2026-11-28T12:00:00.000Z',
  machine: [SUBMIT_KEY, ERROR_RESET_KEY],
  view: [SUBMIT_KEY, ERROR_RESET_KEY],
  browser: [SUBMIT_KEY],
  viewUnreachable: [],
  previous: { machine: [SUBMIT_KEY, ERROR_RESET_KEY], view: [SUBMIT_KEY], browser: [SUBMIT_KEY] },
  paths: [
    {
      title: '#06 reaches active.code.idle: code.submit → xstate.after.errorReset',
      result: 'passed',
      steps: [
        {
          event: 'xstate.init',
          state: 'active.code.idle + delivery.sending',
          transitions: [],
          active: ['codeEntry.active', 'codeEntry.active.code', 'codeEntry.active.code.idle'],
          expects: ['view.phase: "idle"'],
        },
        {
          event: 'code.submit',
          state: 'active.code.error + delivery.sending',
          transitions: [SUBMIT_KEY],
          active: ['codeEntry.active', 'codeEntry.active.code', 'codeEntry.active.code.error'],
          expects: ['view.phase: "error"'],
        },
        {
          event: 'xstate.after.errorReset.codeEntry.active.code.error',
          state: 'active.code.idle + delivery.sending',
          transitions: [ERROR_RESET_KEY],
          active: ['codeEntry.active', 'codeEntry.active.code', 'codeEntry.active.code.idle'],
          expects: ['code after the reset: ""'],
        },
      ],
    },
  ],
};

export const chartPageChart = defineChart({
  name: 'chartPage',
  title: 'Charts explorer: a chart',
  machine: chartPageMachine,
  description: chartPageMachine.root.description ?? '',
  input: { chart: 'codeEntry' },
  events: [
    { type: 'xstate.done.actor.loadDetail', output: SAMPLE_DETAIL },
    { type: 'xstate.error.actor.loadDetail', error: { status: 404, message: 'No coverage for a chart' } },
    { type: 'xstate.error.actor.loadDetail', error: { status: 401, message: 'Sign in to continue' } },
    { type: 'xstate.error.actor.loadDetail', error: new TypeError('Failed to fetch') },
    { type: 'retry' },
    { type: 'select.transition', key: ERROR_RESET_KEY },
    { type: 'select.state', id: 'codeEntry.active.code.error' },
    { type: 'select.clear' },
  ],
  // The selection is what the reader clicked: its kind is enough to tell the states apart.
  abstractContext: (context) => ({
    detail: context.detail !== null,
    selection: context.selection?.kind ?? null,
    error: context.error,
  }),
});
