import type { PreflightCheck } from '@contract/planning';
import { assign, fromPromise, setup } from 'xstate';
import type {
  LoadPreflightInput,
  PlanningPreflightContext,
  PlanningPreflightEvent,
  PlanningPreflightInput,
} from './planningPreflight.types';

export const planningPreflightMachine = setup({
  types: {
    context: {} as PlanningPreflightContext,
    events: {} as PlanningPreflightEvent,
    input: {} as PlanningPreflightInput,
  },
  actors: {
    /** GET /planning/wizard/{campaignId}/preflight; `src/` provides it. Rejects with an ApiError. */
    loadPreflight: fromPromise<PreflightCheck[], LoadPreflightInput>(async () => {
      throw new Error('not provided: loadPreflight');
    }),
  },
  actions: {
    keepChecks: assign(({ event }) => ({
      checks: (event as unknown as { output: PreflightCheck[] }).output,
      error: null,
    })),
    keepError: assign(({ event }) => ({ error: (event as unknown as { error: unknown }).error })),
  },
}).createMachine({
  id: 'planningPreflight',
  description:
    'The review’s pre-flight checks: every platform of the plan is asked to validate what the launch ' +
    'would send it (its budget, audience, bidding and flights), and says it would take it, or why not.',
  context: ({ input }) => ({ campaignId: input.campaignId, checks: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      description: 'The platforms are validating the plan; earlier answers stay on screen meanwhile.',
      invoke: {
        id: 'loadPreflight',
        src: 'loadPreflight',
        input: ({ context }) => ({ campaignId: context.campaignId }),
        onDone: { target: 'answered', actions: 'keepChecks' },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    answered: {
      description:
        'Each platform’s verdict is shown: passed, refused with the platform’s reason, or not answering. ' +
        '“Check again” asks them again.',
      on: { 'preflight.recheck': 'checking' },
    },
    failed: {
      description: 'The checks could not be asked (no answer from our server); “Check again” retries.',
      on: { 'preflight.recheck': 'checking' },
    },
  },
});

export type PlanningPreflightMachine = typeof planningPreflightMachine;
