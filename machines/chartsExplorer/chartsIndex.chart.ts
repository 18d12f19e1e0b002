import type { ChartsCoverage } from '@contract/charts';
import { defineChart } from '../chart';
import type { ChartSummary } from './chartsIndex.machine';
import { chartsIndexMachine } from './chartsIndex.machine';

/** Two charts of the registry, as the index lists them. */
export const SAMPLE_CHARTS: ChartSummary[] = [
  {
    name: 'codeEntry',
    title: 'Step-up: code entry (authenticator app, e-mail, text message)',
    description: 'The code view of the step-up dialog.',
    area: 'Step-up',
    machineId: 'codeEntry',
    states: 12,
    transitions: 16,
  },
  {
    name: 'modalAction',
    title: 'Campaign and customer modals (delete, launch, pause, resume)',
    description: 'A risky action behind a confirmation.',
    area: 'Campaigns',
    machineId: 'modalAction',
    states: 9,
    transitions: 12,
  },
];

export const SAMPLE_COVERAGE: ChartsCoverage = {
  ranAt: '2026-11-28T12:00:00.000Z',
  by: 'npm test',
  previousRanAt: '2026-11-27T12:00:00.000Z',
  charts: {
    codeEntry: {
      machine: ['codeEntry.active.code.idle|code.change|0'],
      view: ['codeEntry.active.code.idle|code.change|0'],
      browser: null,
      viewUnreachable: [],
      // The run before took the same transition by the machine paths, not yet in the view.
      previous: { machine: ['codeEntry.active.code.idle|code.change|0'], view: [], browser: null },
    },
  },
};

export const chartsIndexChart = defineChart({
  name: 'chartsIndex',
  title: 'Charts explorer: the index',
  machine: chartsIndexMachine,
  description: chartsIndexMachine.root.description ?? '',
  input: { charts: SAMPLE_CHARTS },
  events: [
    { type: 'xstate.done.actor.loadCoverage', output: SAMPLE_COVERAGE },
    { type: 'xstate.error.actor.loadCoverage', error: new TypeError('Failed to fetch') },
    { type: 'xstate.error.actor.loadCoverage', error: { status: 401, message: 'Sign in to continue' } },
    { type: 'retry' },
    { type: 'search.change', value: 'code' },
    { type: 'search.change', value: '' },
  ],
});
