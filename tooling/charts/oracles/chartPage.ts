/**
 * What one chart's page in the explorer promises (issue 30): the selection's details, its coverage at the
 * three levels with the change since the run before, and the generated paths through it with the step that
 * reaches or takes it marked. The sample is the code-entry chart and its 500 ms error reset.
 */
import { chartModel } from '@machines/chartsExplorer/chartModel';
import { connectChartPage } from '@machines/chartsExplorer/chartPage.connect';
import { chartPageMachine } from '@machines/chartsExplorer/chartPage.machine';
import { codeEntryMachine } from '@machines/codeEntry/codeEntry.machine';
import { defineOracle, expectEqual, expectFields, type OracleCheck } from '../oracle';
import { NETWORK_MESSAGE } from './shared';

type Machine = typeof chartPageMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const RESET = 'codeEntry.active.code.error|xstate.after.errorReset.codeEntry.active.code.error|0';
const model = chartModel(codeEntryMachine);
const view = (step: Step) => connectChartPage(step.snapshot, () => {}, model);

/** What the reader clicked, whatever the load's state. */
const selected = (step: Step) => {
  const shown = view(step);
  const selection = step.context.selection;
  if (selection?.kind === 'transition') {
    expectFields(
      shown.selectedTransition ?? {},
      {
        label: 'after errorReset (500 ms)',
        delay: { name: 'errorReset', ms: 500 },
        source: 'codeEntry.active.code.error',
        targets: ['codeEntry.active.code.idle'],
      },
      'selected transition',
    );
    expectEqual(shown.selectedState, null, 'selected state');
  } else if (selection?.kind === 'state') {
    expectEqual(shown.selectedState?.path, 'active.code.error', 'selected state');
    expectEqual(shown.selectedTransition, null, 'selected transition');
  } else {
    expectFields(shown, { selectedState: null, selectedTransition: null, paths: [], pathCount: 0 });
  }
};

const noCoverage = (step: Step) => {
  expectEqual(view(step).coverageOf(RESET), null, 'coverage');
  expectEqual(view(step).change, null, 'change');
  expectFields(view(step), { paths: [], pathCount: 0, ranAt: null });
};

export const chartPageOracle = defineOracle(chartPageMachine, {
  always: selected,
  events: {
    'select.transition': ({ context, event }) =>
      expectEqual(context.selection, { kind: 'transition', key: event.key }, 'selection'),
    'select.state': ({ context, event }) =>
      expectEqual(context.selection, { kind: 'state', id: event.id }, 'selection'),
    'select.clear': ({ context }) => expectEqual(context.selection, null, 'selection'),
  },
  states: {
    loading: (step) => {
      expectFields(view(step), { phase: 'loading', error: null });
      noCoverage(step);
    },
    ready: (step) => {
      const shown = view(step);
      expectFields(shown, {
        phase: 'ready',
        ranAt: '2026-11-28T12:00:00.000Z',
        // Only the error reset changed: the run before had not taken it in the view.
        change: '1 newly taken (view)',
      });
      // Taken by the machine paths and in the view (newly, since the run before), not in the browser.
      expectEqual(
        shown.coverageOf(RESET),
        { machine: true, view: true, browser: false, viewUnreachable: false, change: 'newly taken (view)' },
        'the error reset’s coverage',
      );
      const selection = step.context.selection;
      if (selection) {
        // One path submits an empty code and waits for the reset: it reaches the error state at step 1 and takes the reset at step 2.
        expectEqual(shown.pathCount, 1, 'paths through the selection');
        expectEqual(
          shown.paths[0]?.steps.map((s) => s.marked),
          selection.kind === 'state' ? [false, true, false] : [false, false, true],
          'marked steps',
        );
        expectEqual(
          shown.paths[0]?.steps[2]?.expects,
          ['code after the reset: ""'],
          'what the oracle expects',
        );
      }
    },
    notRun: (step) => {
      expectFields(view(step), { phase: 'notRun', error: null });
      noCoverage(step);
    },
    failed: (step) => {
      expectFields(view(step), { phase: 'failed', error: NETWORK_MESSAGE });
      noCoverage(step);
    },
    signedOut: (step) => expectFields(view(step), { phase: 'signedOut', error: null }),
  },
});
