import type { EventObject, SnapshotFrom } from 'xstate';
import type { Chart } from '../chart';
import type { ChartSimulationEvent, ChartSimulationMachine } from './chartSimulation.machine';
import { eventName, type SimulatedStep, simulate } from './simulate';

export type ChartSimulationSnapshot = SnapshotFrom<ChartSimulationMachine>;

export interface ChartSimulationView {
  isOn: boolean;
  steps: SimulatedStep[];
  /** The last step: the state the simulated machine is in. */
  current: SimulatedStep | null;
  /** The sample events the current state takes, as buttons: timers and invoked work's outcomes included. */
  choices: { index: number; label: string; kind: 'event' | 'timer' | 'outcome' }[];
  problem: string | null;
  /** The path as the URL's `simulate` parameter (`3.0.7`), for the shared link. */
  param: string | null;
  canGoBack: boolean;
  start: () => void;
  take: (index: number) => void;
  back: () => void;
  restart: () => void;
  stop: () => void;
}

const kindOf = (type: string): 'event' | 'timer' | 'outcome' =>
  type.startsWith('xstate.after.') ? 'timer' : type.startsWith('xstate.') ? 'outcome' : 'event';

export function connectChartSimulation(
  snapshot: ChartSimulationSnapshot,
  send: (event: ChartSimulationEvent) => void,
  chart: Chart,
): ChartSimulationView {
  const isOn = snapshot.matches('on');
  const { taken } = snapshot.context;
  const simulation = isOn ? simulate(chart, taken) : null;
  const events = chart.events as readonly EventObject[];
  return {
    isOn,
    steps: simulation?.steps ?? [],
    current: simulation?.steps.at(-1) ?? null,
    choices: (simulation?.enabled ?? []).map((index) => ({
      index,
      label: eventName(events[index]!),
      kind: kindOf(events[index]!.type),
    })),
    problem: simulation?.problem ?? null,
    param: isOn ? taken.join('.') : null,
    canGoBack: isOn && taken.length > 0,
    start: () => send({ type: 'simulate.start' }),
    take: (index) => send({ type: 'simulate.take', index }),
    back: () => send({ type: 'simulate.back' }),
    restart: () => send({ type: 'simulate.restart' }),
    stop: () => send({ type: 'simulate.stop' }),
  };
}
