/**
 * What simulating a chart promises (issue 30), on the delete-campaign modal: each taken event is a step
 * (the campaign found → idle, Delete → submitting, the server's answer → succeeded), the enabled events are
 * buttons, the context and connect()'s view show at each step, and the path is the URL's `simulate`.
 */
import { connectChartSimulation } from '@machines/chartsExplorer/chartSimulation.connect';
import { chartSimulationMachine } from '@machines/chartsExplorer/chartSimulation.machine';
import { modalActionChart } from '@machines/modalAction/modalAction.chart';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';

type Machine = typeof chartSimulationMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const view = (step: Step) => connectChartSimulation(step.snapshot, () => {}, modalActionChart);

/** The modal's states after each prefix of the sample path 3, 0, 7, and what the reader can take there. */
const STATES = ['loading', 'idle', 'submitting', 'succeeded'];
/** Indices of modalAction's sample events: 0 Delete, 1 Cancel, 3–6 the lookup's answers, 7–10 the server's. */
const CHOICES: Record<string, number[]> = {
  loading: [1, 3, 4, 5, 6],
  idle: [0, 1],
  submitting: [7, 8, 9, 10],
  succeeded: [],
};
const SAMPLE_PATH = [3, 0, 7];

export const chartSimulationOracle = defineOracle(chartSimulationMachine, {
  states: {
    off: (step) => {
      expectFields(view(step), { isOn: false, steps: [], current: null, choices: [], param: null });
      expectEqual(step.context.taken, [], 'taken');
    },
    on: (step) => {
      const shown = view(step);
      const { taken } = step.context;
      expectEqual(shown.param, taken.join('.'), 'the link’s path');
      expectEqual(shown.canGoBack, taken.length > 0, 'Back offered');
      const onSamplePath = taken.every((index, position) => SAMPLE_PATH[position] === index);
      if (!onSamplePath) {
        // Another order: the simulation stops at the first event the modal does not take there, and says so.
        expectThat(shown.problem !== null, 'a stale step is said');
        return;
      }
      const state = STATES[taken.length]!;
      expectEqual(shown.problem, null, 'problem');
      expectEqual(
        shown.steps.map((s) => s.state),
        STATES.slice(0, taken.length + 1),
        'the steps’ states',
      );
      expectEqual(shown.steps[0]?.event, 'start', 'the first step');
      expectEqual(shown.current?.state, state, 'current state');
      expectEqual(
        shown.choices.map((choice) => choice.index),
        CHOICES[state],
        'enabled events',
      );
      // Invoked work's outcomes are buttons like the person's events, told apart.
      for (const choice of shown.choices)
        expectEqual(choice.kind, choice.index >= 3 ? 'outcome' : 'event', `kind of choice ${choice.index}`);
      // The modal's context and what its view shows, at the current step.
      const context = shown.current?.context as { kind: string; record: { name: string } | null };
      expectEqual(context.kind, 'deleteCampaign', 'context.kind');
      if (taken.length > 0) expectEqual(context.record?.name, 'Spring Launch', 'context.record.name');
      expectThat(typeof shown.current?.view === 'object' && shown.current?.view !== null, 'the view shows');
      if (state === 'succeeded') expectEqual(shown.current?.status, 'done', 'the modal’s status');
    },
  },
});
