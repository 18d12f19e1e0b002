import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import type {
  RevisionCompareContext,
  RevisionCompareEmitted,
  RevisionCompareEvent,
  RevisionCompareInput,
  RevisionComparisonData,
} from './revisionCompare.types';

/** The comparison page of revisions `from` and `to` of a campaign. */
export const comparePath = (campaignId: string, from: number, to: number) =>
  `/campaigns/${encodeURIComponent(campaignId)}/revisions/${from}/compare/${to}`;

export const revisionCompareMachine = setup({
  types: {
    context: {} as RevisionCompareContext,
    events: {} as RevisionCompareEvent,
    input: {} as RevisionCompareInput,
    emitted: {} as RevisionCompareEmitted,
  },
  actors: {
    /** GET …/revisions/{a}/diff/{b} and GET …/revisions; `src/` provides it. */
    loadComparison: fromPromise<RevisionComparisonData, RevisionCompareInput>(async () => {
      throw new Error('not provided: loadComparison');
    }),
  },
  guards: {
    /** A 404: the campaign or one of the revisions does not exist (or is another account's). */
    isNotFound: (_, params: { error: unknown }) =>
      isServerFailure(params.error) && params.error.status === 404,
    /** Another pair than the one shown. */
    isOtherPair: ({ context, event }) =>
      event.type === 'pair.choose' && (event.from !== context.from || event.to !== context.to),
  },
  actions: {
    showComparison: assign((_, params: { data: RevisionComparisonData }) => ({
      data: params.data,
      loadError: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({
      loadError: isServerFailure(params.error) ? params.error.message : NETWORK_ERROR_MESSAGE,
    })),
    choosePair: assign(({ event }) => {
      assertEvent(event, 'pair.choose');
      return { from: event.from, to: event.to, data: null };
    }),
    navigateToPair: emit(({ context, event }) => ({
      type: 'navigate' as const,
      to:
        event.type === 'pair.choose'
          ? comparePath(context.campaignId, event.from, event.to)
          : comparePath(context.campaignId, context.from, context.to),
    })),
  },
}).createMachine({
  id: 'revisionCompare',
  description:
    'Campaign → Revisions → “Compare”: what changed from one revision of the plan to another, the way a ' +
    'planner reads a re-issued insertion order — line items, totals, overview, budget, audience and creative, ' +
    'each change as old → new. Two selects choose any two revisions.',
  context: ({ input }) => ({ ...input, data: null, loadError: null }),
  initial: 'loading',
  states: {
    ...loadStates({
      actor: 'loadComparison',
      input: (context: RevisionCompareContext) => ({
        campaignId: context.campaignId,
        from: context.from,
        to: context.to,
      }),
      descriptions: {
        loading: 'Asking the server for the two revisions’ comparison.',
        failed: 'The comparison could not be loaded; the message is shown with “Try again”.',
      },
      onDone: {
        target: 'shown',
        actions: {
          type: 'showComparison',
          params: ({ event }: LoadDone<RevisionComparisonData>) => ({ data: event.output }),
        },
      },
      notFound: {
        guard: { type: 'isNotFound', params: errorParams },
        description: 'The campaign or one of the revisions does not exist: “Revision not found”.',
      },
      failAction: { type: 'showLoadError', params: errorParams },
      retry: { event: 'retry' },
    }),
    shown: {
      description:
        'The changes, a section per area (or “No changes”). Choosing another revision in either select loads ' +
        'that pair, and the address follows (so the page can be shared or reloaded).',
      on: {
        'pair.choose': { guard: 'isOtherPair', target: 'loading', actions: ['choosePair', 'navigateToPair'] },
      },
    },
  },
});

export type RevisionCompareMachine = typeof revisionCompareMachine;
