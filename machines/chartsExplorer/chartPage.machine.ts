import type { ChartCoverageDetail } from '@contract/charts';
import { assign, fromPromise, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';

/** What the reader clicked in the diagram or the lists: a state (its id) or a transition (its key). */
export type ChartSelection = { kind: 'state'; id: string } | { kind: 'transition'; key: string } | null;

export interface ChartPageContext {
  chart: string;
  /** The last test run's coverage and paths of this chart; null before it loads, or when no run has it. */
  detail: ChartCoverageDetail | null;
  selection: ChartSelection;
  error: string | null;
}

export type ChartPageEvent =
  | { type: 'select.state'; id: string }
  | { type: 'select.transition'; key: string }
  | { type: 'select.clear' }
  | { type: 'retry' };

const statusOf = (error: unknown) => (isServerFailure(error) ? error.status : undefined);

export const chartPageMachine = setup({
  types: {
    context: {} as ChartPageContext,
    events: {} as ChartPageEvent,
    input: {} as { chart: string; selection?: ChartSelection },
  },
  actors: {
    /** GET /api/charts/coverage/:chart; `src/` provides it. */
    loadDetail: fromPromise<ChartCoverageDetail, { chart: string }>(async () => {
      throw new Error('not provided: loadDetail');
    }),
  },
  guards: {
    isSignedOut: (_, params: { error: unknown }) => statusOf(params.error) === 401,
    isNotRun: (_, params: { error: unknown }) => statusOf(params.error) === 404,
    /** Something is selected (only then is there something to clear). */
    hasSelection: ({ context }) => context.selection !== null,
  },
}).createMachine({
  id: 'chartPage',
  description:
    'One chart in the explorer (/charts/:id): its diagram drawn from the machine, what each state means, and, for what the reader clicks, the generated paths that reach or take it with what the oracle checks at each step.',
  context: ({ input }) => ({
    chart: input.chart,
    detail: null,
    selection: input.selection ?? null,
    error: null,
  }),
  // The diagram comes from the registry: the reader selects while the paths load, or without them.
  on: {
    'select.state': {
      actions: assign(({ event }) => ({ selection: { kind: 'state' as const, id: event.id } })),
    },
    'select.transition': {
      actions: assign(({ event }) => ({ selection: { kind: 'transition' as const, key: event.key } })),
    },
    'select.clear': { guard: 'hasSelection', actions: assign({ selection: null }) },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The diagram shows; the last test run’s coverage and paths of the chart are on their way.',
      invoke: {
        id: 'loadDetail',
        src: 'loadDetail',
        input: ({ context }) => ({ chart: context.chart }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ detail: event.output, error: null })) },
        onError: [
          {
            guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
          },
          { guard: { type: 'isNotRun', params: ({ event }) => ({ error: event.error }) }, target: 'notRun' },
          {
            target: 'failed',
            actions: assign(({ event }) => ({
              error: isServerFailure(event.error) ? event.error.message : NETWORK_ERROR_MESSAGE,
            })),
          },
        ],
      },
    },
    ready: {
      description:
        'The coverage overlay on the diagram, and the paths that reach the selected state or take the selected transition.',
    },
    notRun: {
      description: 'No test run on this server has this chart yet: the diagram and descriptions only.',
    },
    failed: {
      description: 'The coverage could not be loaded: the diagram shows without it; Try again loads it.',
      on: { retry: 'loading' },
    },
    signedOut: {
      description:
        'The charts are open to signed-in members only (CHARTS_PUBLIC is off): the page asks to sign in.',
      type: 'final',
    },
  },
});

export type ChartPageMachine = typeof chartPageMachine;
