import type { ChartsCoverage } from '@contract/charts';
import { assign, fromPromise, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import type { ChartArea } from './areas';

/** One registered chart as the index lists it (the view reads them from machines/index.ts). */
export interface ChartSummary {
  name: string;
  title: string;
  description: string;
  area: ChartArea;
  /** The machine's id: the browser level records transitions under it. */
  machineId: string;
  states: number;
  transitions: number;
}

export interface ChartsIndexContext {
  charts: ChartSummary[];
  query: string;
  coverage: ChartsCoverage | null;
  error: string | null;
}

export type ChartsIndexEvent = { type: 'search.change'; value: string } | { type: 'retry' };

const isSignedOut = (error: unknown) => isServerFailure(error) && error.status === 401;

export const chartsIndexMachine = setup({
  types: {
    context: {} as ChartsIndexContext,
    events: {} as ChartsIndexEvent,
    input: {} as { charts: ChartSummary[]; query?: string },
  },
  actors: {
    /** GET /api/charts/coverage; `src/` provides it. */
    loadCoverage: fromPromise<ChartsCoverage>(async () => {
      throw new Error('not provided: loadCoverage');
    }),
  },
  guards: {
    isSignedOut: (_, params: { error: unknown }) => isSignedOut(params.error),
  },
  actions: {
    setQuery: assign((_, params: { value: string }) => ({ query: params.value })),
  },
}).createMachine({
  id: 'chartsIndex',
  description:
    'The charts explorer’s index (/charts): every registered chart by area, searchable, with the last test run’s coverage at machine, view and browser level.',
  context: ({ input }) => ({ charts: input.charts, query: input.query ?? '', coverage: null, error: null }),
  // The search works while the coverage loads, and after it failed: the charts come from the registry.
  on: {
    'search.change': { actions: { type: 'setQuery', params: ({ event }) => ({ value: event.value }) } },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The charts are listed; their coverage is on its way from the last test run.',
      invoke: {
        id: 'loadCoverage',
        src: 'loadCoverage',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ coverage: event.output, error: null })),
        },
        onError: [
          {
            guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
          },
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
        'Every chart with its coverage at the three levels (or “no test run yet” when the tests never ran here).',
    },
    failed: {
      description:
        'The coverage could not be loaded: the charts are listed without it, and Try again loads it.',
      on: { retry: 'loading' },
    },
    signedOut: {
      description:
        'The charts are open to signed-in members only (CHARTS_PUBLIC is off): the page asks the visitor to sign in.',
      type: 'final',
    },
  },
});

export type ChartsIndexMachine = typeof chartsIndexMachine;
