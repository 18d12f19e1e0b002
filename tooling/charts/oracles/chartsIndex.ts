/**
 * What the charts explorer's index promises (issue 30): every chart grouped by area, the search narrowing
 * them by name, title or description, the coverage at the three levels once loaded, and a sign-in request
 * when the charts are not public.
 */
import { connectChartsIndex } from '@machines/chartsExplorer/chartsIndex.connect';
import { chartsIndexMachine } from '@machines/chartsExplorer/chartsIndex.machine';
import { defineOracle, expectEqual, expectFields, type OracleCheck } from '../oracle';
import { NETWORK_MESSAGE } from './shared';

type Machine = typeof chartsIndexMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const view = (step: Step) => connectChartsIndex(step.snapshot, () => {});

/** The sample registry: code entry (Step-up) and the campaign modals (Campaigns); "code" finds only the first. */
const listed = (step: Step) => {
  const shown = view(step).groups.map((group) => [group.area, group.charts.map((chart) => chart.name)]);
  expectEqual(
    shown,
    step.context.query === 'code'
      ? [['Step-up', ['codeEntry']]]
      : [
          ['Campaigns', ['modalAction']],
          ['Step-up', ['codeEntry']],
        ],
    'groups',
  );
};

export const chartsIndexOracle = defineOracle(chartsIndexMachine, {
  events: {
    'search.change': ({ context, event }) => expectEqual(context.query, event.value, 'query'),
  },
  always: listed,
  states: {
    loading: (step) => {
      expectFields(view(step), { phase: 'loading', coverageNote: null, error: null });
      const coverage = view(step).groups.flatMap((group) => group.charts.map((chart) => chart.coverage));
      expectEqual(new Set(coverage), new Set([null]), 'no coverage yet');
    },
    ready: (step) => {
      const shown = view(step);
      expectFields(shown, {
        phase: 'ready',
        coverageNote: 'Coverage from the test run of 28 Nov 2026, 12:00 UTC (npm test)',
      });
      const codeEntry = shown.groups
        .flatMap((group) => group.charts)
        .find((chart) => chart.name === 'codeEntry');
      // One of 16 transitions at machine and view level; the browser level did not run.
      expectEqual(
        codeEntry?.coverage,
        { machine: { taken: 1, of: 16 }, view: { taken: 1, of: 16 }, browser: null },
        'code entry coverage',
      );
      // The run before had not taken it in the view.
      expectEqual(codeEntry?.change, '1 newly taken (view)', 'code entry change since the run before');
      const modals = shown.groups
        .flatMap((group) => group.charts)
        .find((chart) => chart.name === 'modalAction');
      expectEqual(modals?.change ?? null, null, 'no change for a chart the runs do not list');
    },
    failed: (step) => expectFields(view(step), { phase: 'failed', error: NETWORK_MESSAGE }),
    signedOut: (step) => expectFields(view(step), { phase: 'signedOut', error: null }),
  },
});
