import { assign, fromPromise, setup } from 'xstate';
import { type LoadDone, loadStates } from '../shared/loadStates';
import type {
  BudgetPacing,
  BudgetPacingContext,
  BudgetPacingEvent,
  BudgetPacingInput,
  LoadPacingInput,
} from './budgetPacing.types';

/** Nothing to chart before the period starts: no spend, no forecast, only the plan. */
export const isPacingEmpty = (pacing: BudgetPacing) => pacing.pacing.status === 'not_started';

/** Loading the pacing, and trying again when it failed. */
const pacingLoad = loadStates({
  actor: 'loadPacing',
  input: (context: BudgetPacingContext) => ({ budgetId: context.budgetId }),
  descriptions: {
    loading: "The budget's spend and pacing are being loaded.",
    failed:
      "The pacing could not be loaded; the rest of the budget's page still shows, and the user can try again.",
  },
  onDone: [
    {
      guard: { type: 'isEmpty', params: ({ event }: LoadDone<BudgetPacing>) => event },
      target: 'empty',
      actions: 'setPacing',
    },
    { target: 'shown', actions: 'setPacing' },
  ],
  failAction: 'setError',
  retry: { event: 'pacing.retry' },
});

export const budgetPacingMachine = setup({
  types: {
    context: {} as BudgetPacingContext,
    events: {} as BudgetPacingEvent,
    input: {} as BudgetPacingInput,
  },
  actors: {
    /** GET /api/budgets/{id}/pacing; `src/` provides it. Rejects with an ApiError. */
    loadPacing: fromPromise<BudgetPacing, LoadPacingInput>(async () => {
      throw new Error('not provided: loadPacing');
    }),
  },
  guards: {
    isEmpty: (_, params: { output: BudgetPacing }) => isPacingEmpty(params.output),
  },
  actions: {
    /** Keeps the loaded pacing (from loadPacing's done event). */
    setPacing: assign(({ event }) => ({
      pacing: (event as unknown as { output: BudgetPacing }).output,
      error: null,
    })),
    /** Keeps why the load failed (from loadPacing's error event). */
    setError: assign(({ event }) => ({ error: (event as unknown as { error: unknown }).error })),
  },
}).createMachine({
  id: 'budgetPacing',
  description:
    "Shows a budget's pacing: amount, booked, spent and remaining, its status, and a cumulative chart of spend against what is booked (planned) to date, with a forecast to the period's end.",
  context: ({ input }) => ({ budgetId: input.budgetId, pacing: null, error: null }),
  initial: 'loading',
  states: {
    loading: pacingLoad.loading,
    empty: {
      description:
        "The budget's period has not started: the figures show the amount and what is booked; there is no spend to chart yet.",
    },
    shown: {
      description: 'The figures, the status with its meaning, and the cumulative chart with its table.',
      initial: 'withForecast',
      states: {
        withForecast: {
          description: "The chart shows the dashed forecast from today's spend to the period's end.",
          on: { 'forecast.hide': { target: 'withoutForecast' } },
        },
        withoutForecast: {
          description: 'The forecast is hidden: only spend to date and the ideal line.',
          on: { 'forecast.show': { target: 'withForecast' } },
        },
      },
    },
    failed: pacingLoad.failed,
  },
});

export type BudgetPacingMachine = typeof budgetPacingMachine;
