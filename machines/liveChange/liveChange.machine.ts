import type { PlanChange } from '@contract/planning';
import { assign, fromPromise, setup } from 'xstate';
import { POLL_MS } from '../delays';
import { describeFailure } from '../shared/errors';
import {
  STEP_UP_EXPIRED_MESSAGE,
  type StepUpConfirmationInput,
  type StepUpConfirmationOutput,
  stepUpConfirmationMachine,
} from '../stepUpConfirmation';
import type { ApplyRequest, LiveChangeContext, LiveChangeEvent, LiveChangeInput } from './liveChange.types';

type Outcome = { outcome: StepUpConfirmationOutput };
const outcome = ({ event }: { event: { output: StepUpConfirmationOutput } }) => ({ outcome: event.output });
type Loaded = { change: PlanChange };
const loaded = ({ event }: { event: { output: PlanChange } }) => ({ change: event.output });

const listed = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');

/** What the planner reads when an apply has settled. */
export function settledNotice(change: PlanChange): string {
  const refused = change.platforms.filter((p) => p.error !== null).map((p) => p.displayName);
  const live = change.platforms.filter((p) => p.upToDate).map((p) => p.displayName);
  if (refused.length === 0) return `The change is live on ${listed(live)}.`;
  return `${listed(refused)} did not take the change${live.length > 0 ? `; it is live on ${listed(live)}` : ''}.`;
}

export const liveChangeMachine = setup({
  types: {
    context: {} as LiveChangeContext,
    events: {} as LiveChangeEvent,
    input: {} as LiveChangeInput,
  },
  actors: {
    /** GET /planning/wizard/{id}/change; `src/` provides it. */
    loadChange: fromPromise<PlanChange, { campaignId: string }>(async () => {
      throw new Error('not provided: loadChange');
    }),
    /** POST /planning/wizard/{id}/apply behind the “Confirm it’s you” dialog; `src/` provides the sender. */
    applyChange: stepUpConfirmationMachine,
  },
  delays: { pollInterval: POLL_MS },
  guards: {
    isApplying: (_, params: Loaded) => params.change.state === 'applying',
    canApply: ({ context }) => context.change?.state === 'draft' || context.change?.state === 'refused',
    hasMessage: ({ context }) => context.notice !== null || context.error !== null,
    isSent: (_, params: Outcome) => params.outcome.status === 'sent',
    isRefused: (_, params: Outcome) => params.outcome.status === 'refused',
    isExpired: (_, params: Outcome) => params.outcome.status === 'expired',
  },
  actions: {
    keepChange: assign((_, params: Loaded) => ({ change: params.change, loadError: null })),
    showLoadError: assign((_, params: { error: unknown }) => ({
      loadError: describeFailure(params.error, [] as const).formError,
    })),
    announceSettled: assign((_, params: Loaded) => ({ notice: settledNotice(params.change), error: null })),
    announceSent: assign({ notice: 'Applying the change on the platforms…', error: null }),
    showRefusal: assign((_, params: Outcome) =>
      params.outcome.status === 'refused'
        ? { error: describeFailure(params.outcome.error, [] as const).formError, notice: null }
        : {},
    ),
    showExpired: assign({ error: STEP_UP_EXPIRED_MESSAGE, notice: null }),
    clearMessages: assign({ error: null, notice: null }),
  },
}).createMachine({
  id: 'liveChange',
  description:
    'A live campaign’s change on the review step: what the planner changed against what runs (the revision ' +
    'comparison), each platform’s side, and Apply changes behind the “Confirm it’s you” dialog, then each ' +
    'platform taking it — or refusing it, with its reason and a retry.',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    change: null,
    loadError: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the change (GET /planning/wizard/{id}/change).',
      invoke: {
        id: 'loadChange',
        src: 'loadChange',
        input: ({ context }) => ({ campaignId: context.campaignId }),
        onDone: [
          {
            guard: { type: 'isApplying', params: loaded },
            target: 'applying',
            actions: { type: 'keepChange', params: loaded },
          },
          { target: 'ready', actions: { type: 'keepChange', params: loaded } },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The change could not be read: the card says why and offers to try again.',
      on: { retry: 'loading' },
    },
    ready: {
      description:
        'The change as it stands: nothing to apply (the platforms run the plan), a draft to apply, or an ' +
        'applied change some platform refused (its reason shows; applying again retries it).',
      on: {
        apply: { guard: 'canApply', target: 'confirming', actions: 'clearMessages' },
        'notice.dismiss': { guard: 'hasMessage', actions: 'clearMessages' },
      },
    },
    confirming: {
      description:
        'Applying: the “Confirm it’s you” dialog first (stepUpConfirmation), bound to the change’s hash. ' +
        'Closed, nothing happens; refused (an edit since review, not signed off, incomplete) or expired, it says why.',
      invoke: {
        id: 'applyChange',
        src: 'applyChange',
        input: ({ context }): StepUpConfirmationInput<ApplyRequest> => ({
          request: { campaignId: context.campaignId, hash: context.change?.draftHash ?? '' },
        }),
        onDone: [
          { guard: { type: 'isSent', params: outcome }, target: 'applying', actions: 'announceSent' },
          {
            guard: { type: 'isRefused', params: outcome },
            target: 'ready',
            actions: { type: 'showRefusal', params: outcome },
          },
          { guard: { type: 'isExpired', params: outcome }, target: 'ready', actions: 'showExpired' },
          { target: 'ready' },
        ],
      },
    },
    applying: {
      description:
        'The change is on its way to the platforms (the update job): each shows when it has taken it. Nothing ' +
        'in the plan may change meanwhile.',
      after: { pollInterval: 'checking' },
    },
    checking: {
      description: 'Asking again how far the change got.',
      invoke: {
        id: 'loadChange',
        src: 'loadChange',
        input: ({ context }) => ({ campaignId: context.campaignId }),
        onDone: [
          {
            guard: { type: 'isApplying', params: loaded },
            target: 'applying',
            actions: { type: 'keepChange', params: loaded },
          },
          {
            target: 'ready',
            actions: [
              { type: 'keepChange', params: loaded },
              { type: 'announceSettled', params: loaded },
            ],
          },
        ],
        // A missed answer is asked again at the next interval.
        onError: { target: 'applying' },
      },
    },
  },
});

export type LiveChangeMachine = typeof liveChangeMachine;
