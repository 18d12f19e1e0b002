import type { SnapshotFrom } from 'xstate';
import type { ChartsLiveEvent, ChartsLiveMachine, LiveReport } from './chartsLive.machine';

export type ChartsLiveSnapshot = SnapshotFrom<ChartsLiveMachine>;

export interface ChartsLiveView {
  isOn: boolean;
  /** The charts running now (by machine id, in order of their latest report), with each actor's state. */
  running: { machine: string; states: string[] }[];
  /** The active state nodes of the machine's most recently reported actor; null when none runs. */
  activeOf: (machine: string) => string[] | null;
  /** Its state as one line, e.g. `ready`. */
  stateOf: (machine: string) => string | null;
  start: () => void;
  stop: () => void;
}

export function connectChartsLive(
  snapshot: ChartsLiveSnapshot,
  send: (event: ChartsLiveEvent) => void,
): ChartsLiveView {
  const isOn = snapshot.matches('on');
  const reports = isOn ? [...snapshot.context.reports].sort((a, b) => b.at - a.at) : [];
  const latest = (machine: string): LiveReport | undefined =>
    reports.find((report) => report.machine === machine);
  const machines = [...new Set(reports.map((report) => report.machine))];
  return {
    isOn,
    running: machines.map((machine) => ({
      machine,
      states: reports.filter((report) => report.machine === machine).map((report) => report.state),
    })),
    activeOf: (machine) => latest(machine)?.active ?? null,
    stateOf: (machine) => latest(machine)?.state ?? null,
    start: () => send({ type: 'live.start' }),
    stop: () => send({ type: 'live.stop' }),
  };
}
