import { and, assign, fromPromise, setup } from 'xstate';
import { describeFailure } from '../shared/errors';
import {
  STEP_UP_EXPIRED_MESSAGE,
  type StepUpConfirmationInput,
  type StepUpConfirmationOutput,
  stepUpConfirmationMachine,
} from '../stepUpConfirmation';
import type {
  ApproveRequest,
  RequestChangesInput,
  RevisionDetail,
  SignOffContext,
  SignOffEvent,
  SignOffInput,
} from './signOff.types';

type Outcome = { outcome: StepUpConfirmationOutput };
const outcome = ({ event }: { event: { output: StepUpConfirmationOutput } }) => ({ outcome: event.output });

/** Whether the signed-in member is asked to decide this revision now. */
export function isAskedToDecide(context: Pick<SignOffContext, 'review' | 'userId' | 'canDecide'>): boolean {
  const revision = context.review?.revision;
  if (!revision || !context.canDecide || revision.status !== 'in_review') return false;
  return revision.approvers.some((approver) => approver.id === context.userId);
}

const failureOf = (error: unknown) => describeFailure(error, ['name', 'comment'] as const);

export const signOffSetup = setup({
  types: {
    context: {} as SignOffContext,
    events: {} as SignOffEvent,
    input: {} as SignOffInput,
  },
  actors: {
    loadReview: fromPromise<RevisionDetail, { campaignId: string; number: number }>(async () => {
      throw new Error('loadReview is provided by the page');
    }),
    requestChanges: fromPromise<unknown, RequestChangesInput>(async () => {
      throw new Error('requestChanges is provided by the page');
    }),
    approveRevision: stepUpConfirmationMachine,
  },
  guards: {
    isAsked: ({ context }) => isAskedToDecide(context),
    hasName: ({ context }) => context.name.trim() !== '',
    hasComment: ({ context }) => context.comment.trim() !== '',
    hasNotice: ({ context }) => context.notice !== null,
    isSent: (_, params: Outcome) => params.outcome.status === 'sent',
    isRefused: (_, params: Outcome) => params.outcome.status === 'refused',
    isExpired: (_, params: Outcome) => params.outcome.status === 'expired',
  },
  actions: {
    showReview: assign((_, params: { review: RevisionDetail }) => ({
      review: params.review,
      loadError: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({
      loadError: failureOf(params.error).formError,
    })),
    changeName: assign((_, params: { value: string }) => ({
      name: params.value,
      nameError: null,
      error: null,
    })),
    changeComment: assign((_, params: { value: string }) => ({
      comment: params.value,
      commentError: null,
      error: null,
    })),
    askForName: assign({ nameError: 'Type your full name to approve' }),
    askForComment: assign({ commentError: 'Say what should change' }),
    showRefusal: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      return {
        nameError: failure.fieldErrors.name ?? null,
        commentError: failure.fieldErrors.comment ?? null,
        error: failure.formError,
      };
    }),
    showRiskyRefusal: assign((_, params: Outcome) => {
      if (params.outcome.status !== 'refused') return {};
      const failure = failureOf(params.outcome.error);
      return { nameError: failure.fieldErrors.name ?? null, error: failure.formError };
    }),
    showExpired: assign({ error: STEP_UP_EXPIRED_MESSAGE }),
    announce: assign((_, params: { text: string }) => ({ notice: params.text, error: null })),
    clearForm: assign({ name: '', comment: '', nameError: null, commentError: null, error: null }),
    clearErrors: assign({ nameError: null, commentError: null, error: null }),
    dismissNotice: assign({ notice: null }),
  },
});

export const signOffMachine = signOffSetup.createMachine({
  id: 'signOff',
  description:
    'One revision of a plan, read-only: its flowchart, budget, audience, creative and totals. An approver ' +
    'it names approves it — typing their full name, then “Confirm it’s you”, bound to this revision — or ' +
    'asks for changes with a comment. Everyone else who may see the plan reads it.',
  context: ({ input }) => ({
    ...input,
    review: null,
    loadError: null,
    name: '',
    comment: '',
    nameError: null,
    commentError: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the revision: its frozen snapshot, and what the review shows beside it.',
      invoke: {
        id: 'loadReview',
        src: 'loadReview',
        input: ({ context }) => ({ campaignId: context.campaignId, number: context.number }),
        onDone: {
          target: 'ready',
          actions: { type: 'showReview', params: ({ event }) => ({ review: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The revision could not be loaded (missing, another account’s, or no answer); Try again.',
      on: { retry: 'loading' },
    },
    ready: {
      description:
        'The review. An approver asked to decide sees “Your full name”, Approve and Request changes; for ' +
        'anyone else, or once decided, it only reads.',
      on: {
        'name.change': { guard: 'isAsked', actions: { type: 'changeName', params: ({ event }) => event } },
        approve: [
          { guard: and(['isAsked', 'hasName']), target: 'approving', actions: 'clearErrors' },
          { guard: 'isAsked', actions: 'askForName' },
        ],
        'changes.start': { guard: 'isAsked', target: 'writingChanges', actions: 'clearErrors' },
        'notice.dismiss': { guard: 'hasNotice', actions: 'dismissNotice' },
      },
    },
    approving: {
      description:
        'Approving: the “Confirm it’s you” dialog first (stepUpConfirmation), bound to this revision and its ' +
        'hash. Closed, nothing happens; refused (a name that is not theirs, a revision no longer waiting) or ' +
        'expired, it says why.',
      invoke: {
        id: 'approveRevision',
        src: 'approveRevision',
        input: ({ context }): StepUpConfirmationInput<ApproveRequest> => ({
          request: {
            kind: 'approve',
            campaignId: context.campaignId,
            number: context.number,
            name: context.name.trim(),
          },
        }),
        onDone: [
          {
            guard: { type: 'isSent', params: outcome },
            target: 'loading',
            actions: [
              'clearForm',
              {
                type: 'announce',
                params: ({ context }) => ({ text: `You approved revision ${context.number}.` }),
              },
            ],
          },
          {
            guard: { type: 'isRefused', params: outcome },
            target: 'ready',
            actions: { type: 'showRiskyRefusal', params: outcome },
          },
          { guard: { type: 'isExpired', params: outcome }, target: 'ready', actions: 'showExpired' },
          { target: 'ready' },
        ],
      },
    },
    writingChanges: {
      description: 'Asking for changes: a comment for the planner is required.',
      on: {
        'comment.change': { actions: { type: 'changeComment', params: ({ event }) => event } },
        'changes.send': [
          { guard: 'hasComment', target: 'sendingChanges', actions: 'clearErrors' },
          { actions: 'askForComment' },
        ],
        'changes.cancel': { target: 'ready', actions: 'clearForm' },
      },
    },
    sendingChanges: {
      description: 'Sending the revision back to the planner with the comment.',
      invoke: {
        id: 'requestChanges',
        src: 'requestChanges',
        input: ({ context }) => ({
          campaignId: context.campaignId,
          number: context.number,
          comment: context.comment.trim(),
        }),
        onDone: {
          target: 'loading',
          actions: [
            'clearForm',
            { type: 'announce', params: { text: 'Sent back to the planner with your comment.' } },
          ],
        },
        onError: {
          target: 'writingChanges',
          actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type SignOffMachine = typeof signOffMachine;
