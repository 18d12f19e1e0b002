import { assign, fromCallback, setup } from 'xstate';

/** One running actor as the app reports it (src/lib/liveCharts.ts). */
export interface LiveReport {
  tab: string;
  actor: string;
  /** The machine's root id, as in machines/index.ts. */
  machine: string;
  state: string;
  active: string[];
  status: string;
  at: number;
}

export interface ChartsLiveContext {
  /** The latest report of each running actor, by actor. */
  reports: LiveReport[];
}

export type ChartsLiveEvent =
  | { type: 'live.start' }
  | { type: 'live.stop' }
  | { type: 'live.report'; report: LiveReport }
  | { type: 'live.gone'; tab: string; actor?: string };

export const chartsLiveMachine = setup({
  types: {
    context: {} as ChartsLiveContext,
    events: {} as ChartsLiveEvent,
  },
  actors: {
    /** Listens on the BroadcastChannel and asks the open tabs to report; `src/` provides it. */
    listen: fromCallback<ChartsLiveEvent>(() => () => {}),
  },
  actions: {
    /** Asks the app's tabs opened from now on to report (a flag in this browser); `src/` provides it. */
    enableReporting: () => {},
    disableReporting: () => {},
  },
}).createMachine({
  id: 'chartsLive',
  description:
    'Following the running app in the explorer: its tabs in this browser report their actors’ states over a BroadcastChannel (no network); the explorer lists the charts running now and fills their current states.',
  context: { reports: [] },
  initial: 'off',
  states: {
    off: {
      description:
        'Not following: “Follow the running app” starts (the page’s address `?live` starts it on opening).',
      on: { 'live.start': 'on' },
    },
    on: {
      description:
        'Following: each report replaces the actor’s last one; a closed tab or a stopped actor leaves the list.',
      entry: 'enableReporting',
      invoke: { id: 'listen', src: 'listen' },
      on: {
        'live.report': {
          actions: assign(({ context, event }) => ({
            reports: [
              ...context.reports.filter((report) => report.actor !== event.report.actor),
              event.report,
            ],
          })),
        },
        'live.gone': {
          actions: assign(({ context, event }) => ({
            reports: context.reports.filter(
              (report) =>
                report.tab !== event.tab || (event.actor !== undefined && report.actor !== event.actor),
            ),
          })),
        },
        'live.stop': { target: 'off', actions: ['disableReporting', assign({ reports: [] })] },
      },
    },
  },
});

export type ChartsLiveMachine = typeof chartsLiveMachine;
