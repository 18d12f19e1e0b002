import { assign, emit, fromPromise, setup } from 'xstate';
import { describeFailure, isServerFailure } from '../shared/errors';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import {
  STEP_UP_EXPIRED_MESSAGE,
  type StepUpConfirmationInput,
  type StepUpConfirmationOutput,
  stepUpConfirmationMachine,
} from '../stepUpConfirmation';
import {
  DONE_FLAGS,
  type ModalActionContext,
  type ModalActionEmitted,
  type ModalActionEvent,
  type ModalActionInput,
  type ModalActionRequest,
  type ModalRecord,
} from './modalAction.types';

/** The server's refusal, or why it got none, as the modal says it. */
export function describeRefusal(error: unknown): string | null {
  const failure = describeFailure(error, []);
  return isServerFailure(error) && error.businessError?.message
    ? error.businessError.message
    : failure.formError;
}

export const modalActionMachine = setup({
  types: {
    context: {} as ModalActionContext,
    events: {} as ModalActionEvent,
    input: {} as ModalActionInput,
    emitted: {} as ModalActionEmitted,
  },
  actors: {
    /** Looks the campaign or customer up; `src/` provides it. Resolves null when it does not exist. */
    loadRecord: fromPromise<ModalRecord | null, ModalActionInput>(async () => {
      throw new Error('not provided: loadRecord');
    }),
    /**
     * Deletes, launches, pauses or resumes, asking the person to confirm it's them when the
     * server wants it: the step-up confirmation chart, whose request and dialog `src/` provides
     * (`provideStepUpConfirmation`). Ends with how it went.
     */
    submitAction: stepUpConfirmationMachine,
  },
  guards: {
    hasRecord: (_, params: { record: ModalRecord | null }) => params.record !== null,
    isNotFoundError: (_, params: { error: unknown }) =>
      isServerFailure(params.error) && params.error.status === 404,
    isSent: (_, params: { outcome: StepUpConfirmationOutput }) => params.outcome.status === 'sent',
    isRefused: (_, params: { outcome: StepUpConfirmationOutput }) => params.outcome.status === 'refused',
    isExpired: (_, params: { outcome: StepUpConfirmationOutput }) => params.outcome.status === 'expired',
  },
  actions: {
    keepRecord: assign((_, params: { record: ModalRecord | null }) => ({ record: params.record })),
    showLoadError: assign((_, params: { error: unknown }) => ({
      businessError: describeFailure(params.error, []).formError,
    })),
    clearErrors: assign({ businessError: null }),
    showServerError: assign((_, params: { outcome: StepUpConfirmationOutput }) => ({
      businessError: describeRefusal(params.outcome.status === 'refused' ? params.outcome.error : null),
    })),
    announceSuccess: emit(({ context }) => ({
      type: 'modal.succeeded' as const,
      flag: DONE_FLAGS[context.kind],
    })),
    announceClose: emit({ type: 'modal.close' as const }),
    showExpired: assign({ businessError: STEP_UP_EXPIRED_MESSAGE }),
  },
}).createMachine({
  id: 'modalAction',
  description:
    'The campaign and customer modals (delete, launch, pause or resume a campaign, delete a customer), ' +
    'opened by query parameters: the record is looked up, the person confirms, the server acts, the page is ' +
    'told. (Duplicating a campaign asks for more: its own chart, duplicateCampaign.)',
  context: ({ input }) => ({
    kind: input.kind,
    id: input.id,
    record: null,
    businessError: null,
  }),
  initial: 'loading',
  on: {
    'modal.cancel': { actions: 'announceClose' },
  },
  states: {
    ...loadStates({
      actor: 'loadRecord',
      input: (context: ModalActionContext) => ({ kind: context.kind, id: context.id }),
      names: { failed: 'loadFailed' },
      entry: 'clearErrors',
      descriptions: {
        loading: 'The campaign or customer named in the URL is being looked up.',
        failed: 'The lookup got no usable answer: the message is shown with “Try again” and Cancel.',
      },
      onDone: [
        {
          guard: {
            type: 'hasRecord',
            params: ({ event }: LoadDone<ModalRecord | null>) => ({ record: event.output }),
          },
          target: 'idle',
          actions: {
            type: 'keepRecord',
            params: ({ event }: LoadDone<ModalRecord | null>) => ({ record: event.output }),
          },
        },
        { target: 'notFound' },
      ],
      notFound: {
        guard: { type: 'isNotFoundError', params: errorParams },
        description:
          'Nothing has that id: “Sorry, we couldn’t find that campaign.” (or customer) with a Cancel button only.',
      },
      failAction: { type: 'showLoadError', params: errorParams },
      retry: { event: 'modal.retry' },
    }),
    idle: {
      description:
        'The question is asked (“Are you sure…?”, naming the campaign and its platforms). A refusal from ' +
        'the server, or a step-up that expired, is said in the modal.',
      on: {
        'modal.submit': { target: 'submitting' },
      },
    },
    submitting: {
      description:
        'The server acts. The button reads “Deleting...” or “Launching...” and is disabled. A risky ' +
        'action (delete, launch, resume) may first need the person to confirm it’s them: the step-up dialog ' +
        'opens over the modal (its own chart: stepUpConfirmation) and the button keeps waiting. Closing the ' +
        'dialog leaves the modal as it was; if it expires, the modal says so.',
      entry: 'clearErrors',
      invoke: {
        id: 'submitAction',
        src: 'submitAction',
        input: ({ context }): StepUpConfirmationInput<ModalActionRequest> => ({
          request: { kind: context.kind, id: context.id },
        }),
        onDone: [
          {
            guard: { type: 'isSent', params: ({ event }) => ({ outcome: event.output }) },
            target: 'succeeded',
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: { type: 'showServerError', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'isExpired', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: 'showExpired',
          },
          { target: 'idle' },
        ],
      },
    },
    succeeded: {
      type: 'final',
      entry: 'announceSuccess',
      description:
        'Done: the page sets campaignDeleted, campaignLaunched, campaignPaused, campaignResumed or ' +
        'customerDeleted to true in the URL and closes the modal; the list behind it refreshes once.',
    },
  },
});

export type ModalActionMachine = typeof modalActionMachine;
