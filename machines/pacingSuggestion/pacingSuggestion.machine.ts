import { assign, emit, fromPromise, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import type {
  ApplySuggestionInput,
  PacingSuggestionContext,
  PacingSuggestionEmitted,
  PacingSuggestionEvent,
  PacingSuggestionInput,
} from './pacingSuggestion.types';

/** Where an accepted suggestion goes: the wizard's review of the campaign, where the change is checked and applied. */
export const reviewPathOf = (campaignId: string) =>
  `/planning/wizard/${encodeURIComponent(campaignId)}/review`;

export const pacingSuggestionMachine = setup({
  types: {
    context: {} as PacingSuggestionContext,
    events: {} as PacingSuggestionEvent,
    input: {} as PacingSuggestionInput,
    emitted: {} as PacingSuggestionEmitted,
  },
  actors: {
    /** PUT /planning/wizard/{id}/platforms with the new split (a change of the live campaign); `src/` provides it. */
    applySuggestion: fromPromise<unknown, ApplySuggestionInput>(async () => {
      throw new Error('not provided: applySuggestion');
    }),
  },
  guards: {
    mayApply: ({ context }) => context.canApply,
    hasError: ({ context }) => context.error !== null,
  },
  actions: {
    clearError: assign({ error: null }),
    showError: assign((_, params: { error: unknown }) => ({
      error: isServerFailure(params.error) ? params.error.message : NETWORK_ERROR_MESSAGE,
    })),
    openReview: emit(({ context }) => ({ type: 'navigate' as const, to: reviewPathOf(context.campaignId) })),
  },
}).createMachine({
  id: 'pacingSuggestion',
  description:
    'Campaign page → Delivery: when one platform under-delivers and another delivers, a suggestion to move ' +
    'the money the first will leave unspent to the second. Accepting saves the new split as a change of the ' +
    'live campaign and opens its review, where the planner checks and applies it; a refusal is shown here.',
  context: ({ input }) => ({ ...input, error: null }),
  initial: 'offered',
  states: {
    offered: {
      description:
        'The suggestion: how much, from which platform to which, and why; “Move … to …” (planners; others see ' +
        'why not) and “Not now”. A refusal of the last try stays shown until dismissed or tried again.',
      on: {
        'suggestion.accept': { guard: 'mayApply', target: 'applying', actions: 'clearError' },
        'suggestion.dismiss': { target: 'dismissed' },
        'error.dismiss': { guard: 'hasError', actions: 'clearError' },
      },
    },
    applying: {
      description: 'The new split is on its way as a change of the live campaign; the buttons are locked.',
      invoke: {
        id: 'applySuggestion',
        src: 'applySuggestion',
        input: ({ context }) => ({ campaignId: context.campaignId, suggestion: context.suggestion }),
        onDone: { target: 'opened', actions: 'openReview' },
        onError: {
          target: 'offered',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    opened: {
      description: 'The change is saved; the wizard’s review of it opens, where it is checked and applied.',
      type: 'final',
    },
    dismissed: {
      description: 'Not now: the suggestion is hidden until the page is opened again.',
      type: 'final',
    },
  },
});

export type PacingSuggestionMachine = typeof pacingSuggestionMachine;
