import { assign, setup } from 'xstate';

/**
 * The charts explorer's simulation of one chart (issue 30): which of the chart's sample events the reader
 * took, in order (their indices in the registry's `events`). The steps themselves are computed from them
 * (simulate.ts); the list is the page's URL (`?simulate=3.0.7`), so a simulated path is shared as a link.
 */
export interface ChartSimulationContext {
  taken: number[];
  /** Opened from a shared link: the simulation starts on. */
  shared: boolean;
}

export type ChartSimulationEvent =
  | { type: 'simulate.start' }
  | { type: 'simulate.take'; index: number }
  | { type: 'simulate.back' }
  | { type: 'simulate.restart' }
  | { type: 'simulate.stop' };

export const chartSimulationMachine = setup({
  types: {
    context: {} as ChartSimulationContext,
    events: {} as ChartSimulationEvent,
    input: {} as { taken?: number[]; shared?: boolean },
  },
  guards: {
    isShared: ({ context }) => context.shared,
    hasSteps: ({ context }) => context.taken.length > 0,
  },
}).createMachine({
  id: 'chartSimulation',
  description:
    'Simulating a chart in the explorer: its machine started with the sample input; the reader takes enabled sample events (timers and invoked work’s outcomes included) and sees the context and the view at each step; the path is in the URL.',
  context: ({ input }) => ({ taken: input.taken ?? [], shared: input.shared ?? false }),
  initial: 'off',
  states: {
    off: {
      description: 'Not simulating: the page shows the chart and its coverage; “Simulate” starts.',
      always: { guard: 'isShared', target: 'on' },
      on: { 'simulate.start': { target: 'on', actions: assign({ taken: [] }) } },
    },
    on: {
      description:
        'Simulating: the steps so far, the current state filled in the diagram, the enabled events as buttons, the context and what connect() gives the view.',
      on: {
        'simulate.take': {
          actions: assign(({ context, event }) => ({ taken: [...context.taken, event.index] })),
        },
        'simulate.back': {
          guard: 'hasSteps',
          actions: assign(({ context }) => ({ taken: context.taken.slice(0, -1) })),
        },
        'simulate.restart': { guard: 'hasSteps', actions: assign({ taken: [] }) },
        'simulate.stop': { target: 'off', actions: assign({ taken: [], shared: false }) },
      },
    },
  },
});

export type ChartSimulationMachine = typeof chartSimulationMachine;
