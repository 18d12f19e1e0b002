/**
 * What following the running app promises (issue 30): off, nothing is listed; on, each running chart with
 * its actor's latest state, the diagram's current states those of the latest report; a closed tab or a
 * stopped actor leaves the list.
 */
import { connectChartsLive } from '@machines/chartsExplorer/chartsLive.connect';
import { chartsLiveMachine } from '@machines/chartsExplorer/chartsLive.machine';
import { defineOracle, expectEqual, expectFields, type OracleCheck } from '../oracle';

type Machine = typeof chartsLiveMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const view = (step: Step) => connectChartsLive(step.snapshot, () => {});

export const chartsLiveOracle = defineOracle(chartsLiveMachine, {
  events: {
    // The sample app has one tab with one session actor: its latest report is its state.
    'live.report': (step) => {
      const state = (step.event.report as { state: string }).state;
      expectEqual(view(step).running, [{ machine: 'session', states: [state] }], 'running');
      expectEqual(view(step).stateOf('session'), state, 'the session’s state');
      expectEqual(view(step).activeOf('session'), [`session.${state}`], 'the session’s active states');
    },
    'live.gone': (step) => {
      expectEqual(view(step).running, [], 'running');
      expectEqual(view(step).activeOf('session'), null, 'the session’s active states');
    },
    'live.stop': (step) => expectEqual(step.context.reports, [], 'reports'),
  },
  states: {
    off: (step) => {
      expectFields(view(step), { isOn: false, running: [] });
      expectEqual(view(step).stateOf('session'), null, 'the session’s state');
    },
    on: (step) => {
      expectFields(view(step), { isOn: true });
      expectEqual(view(step).stateOf('signIn'), null, 'a chart not running');
    },
  },
});
