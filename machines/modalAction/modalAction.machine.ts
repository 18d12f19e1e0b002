import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { DUPLICATE_NAME_MESSAGE } from '../../contract/campaigns';
import type { ChallengeOptions } from '../../contract/provider';
import { CHALLENGE_REQUIRED } from '../../contract/stepUp';
import { describeFailure, isServerFailure } from '../shared/errors';
import {
  DONE_FLAGS,
  type ModalActionContext,
  type ModalActionEmitted,
  type ModalActionEvent,
  type ModalActionInput,
  type ModalRecord,
  STEP_UP_EXPIRED_MESSAGE,
  type StepUpOutcome,
  type SubmitActionInput,
} from './modalAction.types';

/** The challenge options of a CHALLENGE_REQUIRED refusal, or null for any other failure. */
export function challengeOf(error: unknown): ChallengeOptions | null {
  if (!isServerFailure(error) || error.errorCode !== CHALLENGE_REQUIRED) return null;
  return error.challenge ?? null;
}

/** The message under the duplicate's name field, or null when it is fine (other kinds have no field). */
export function validateValue(context: Pick<ModalActionContext, 'kind' | 'value'>): string | null {
  if (context.kind !== 'duplicateCampaign') return null;
  return context.value.trim() === '' ? DUPLICATE_NAME_MESSAGE : null;
}

/** Splits a refusal into the field message (duplicate) or the business message (the other modals). */
export function describeRefusal(kind: ModalActionInput['kind'], error: unknown) {
  const failure = describeFailure(error, ['name'] as const);
  const business =
    isServerFailure(error) && error.businessError?.message ? error.businessError.message : failure.formError;
  const message = failure.fieldErrors.name ?? business;
  return kind === 'duplicateCampaign'
    ? { fieldError: message, businessError: null }
    : { fieldError: null, businessError: message };
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
    /** Deletes, duplicates or launches; `src/` provides it. Rejects with the server's refusal. */
    submitAction: fromPromise<unknown, SubmitActionInput>(async () => {
      throw new Error('not provided: submitAction');
    }),
    /** Opens the step-up dialog with the server's challenge; `src/` provides it. Resolves how it ended. */
    confirmIdentity: fromPromise<StepUpOutcome, ChallengeOptions>(async () => {
      throw new Error('not provided: confirmIdentity');
    }),
  },
  guards: {
    hasRecord: (_, params: { record: ModalRecord | null }) => params.record !== null,
    isNotFoundError: (_, params: { error: unknown }) =>
      isServerFailure(params.error) && params.error.status === 404,
    isValueValid: ({ context }) => validateValue(context) === null,
    isChallengeRequired: (_, params: { error: unknown }) => challengeOf(params.error) !== null,
    isConfirmed: (_, params: { outcome: StepUpOutcome }) => params.outcome.status === 'succeeded',
    isExpired: (_, params: { outcome: StepUpOutcome }) => params.outcome.status === 'expired',
  },
  actions: {
    keepRecord: assign((_, params: { record: ModalRecord | null }) => ({ record: params.record })),
    showLoadError: assign((_, params: { error: unknown }) => ({
      businessError: describeFailure(params.error, []).formError,
    })),
    clearErrors: assign({ fieldError: null, businessError: null }),
    updateValue: assign(({ event }) => {
      assertEvent(event, 'field.change');
      return { value: event.value, fieldError: null };
    }),
    showValueError: assign({ fieldError: ({ context }) => validateValue(context) }),
    showServerError: assign(({ context }, params: { error: unknown }) =>
      describeRefusal(context.kind, params.error),
    ),
    announceSuccess: emit(({ context }) => ({
      type: 'modal.succeeded' as const,
      flag: DONE_FLAGS[context.kind],
    })),
    announceClose: emit({ type: 'modal.close' as const }),
    keepChallenge: assign((_, params: { error: unknown }) => ({ challenge: challengeOf(params.error) })),
    keepStepUpToken: assign((_, params: { outcome: StepUpOutcome }) => ({
      stepUpToken: params.outcome.status === 'succeeded' ? params.outcome.token : null,
    })),
    forgetStepUp: assign({ challenge: null, stepUpToken: null }),
    showExpired: assign(({ context }) =>
      context.kind === 'duplicateCampaign'
        ? { fieldError: STEP_UP_EXPIRED_MESSAGE }
        : { businessError: STEP_UP_EXPIRED_MESSAGE },
    ),
  },
}).createMachine({
  id: 'modalAction',
  description:
    'The campaign and customer modals (delete, duplicate or launch a campaign, delete a customer), opened ' +
    'by query parameters: the record is looked up, the person confirms, the server acts, the page is told.',
  context: ({ input }) => ({
    kind: input.kind,
    id: input.id,
    record: null,
    value: '',
    fieldError: null,
    businessError: null,
    challenge: null,
    stepUpToken: null,
  }),
  initial: 'loading',
  on: {
    'modal.cancel': { actions: 'announceClose' },
  },
  states: {
    loading: {
      description: 'The campaign or customer named in the URL is being looked up.',
      entry: 'clearErrors',
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ kind: context.kind, id: context.id }),
        onDone: [
          {
            guard: { type: 'hasRecord', params: ({ event }) => ({ record: event.output }) },
            target: 'idle',
            actions: { type: 'keepRecord', params: ({ event }) => ({ record: event.output }) },
          },
          { target: 'notFound' },
        ],
        onError: [
          {
            guard: { type: 'isNotFoundError', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            target: 'loadFailed',
            actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    notFound: {
      description:
        'Nothing has that id: “Sorry, we couldn’t find that campaign.” (or customer) with a Cancel button only.',
    },
    loadFailed: {
      description: 'The lookup got no usable answer: the message is shown with “Try again” and Cancel.',
      on: { 'modal.retry': { target: 'loading' } },
    },
    idle: {
      description:
        'The question is asked (“Are you sure…?”; the duplicate asks for the new name). An empty name shows ' +
        '“Enter a name for the new campaign.” under the field and nothing is sent. A refusal from the server ' +
        'is shown inline; typing hides the field message.',
      on: {
        'field.change': { actions: 'updateValue' },
        'modal.submit': [{ guard: 'isValueValid', target: 'submitting' }, { actions: 'showValueError' }],
      },
    },
    submitting: {
      description: 'The server acts. The button reads “Duplicating...” or “Launching...” and is disabled.',
      entry: 'clearErrors',
      invoke: {
        id: 'submitAction',
        src: 'submitAction',
        input: ({ context }) => ({
          kind: context.kind,
          id: context.id,
          name: context.kind === 'duplicateCampaign' ? context.value.trim() : '',
          stepUpToken: context.stepUpToken,
        }),
        onDone: { target: 'succeeded' },
        onError: [
          {
            guard: { type: 'isChallengeRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'confirming',
            actions: [
              'forgetStepUp',
              { type: 'keepChallenge', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            target: 'idle',
            actions: [
              'forgetStepUp',
              { type: 'showServerError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    confirming: {
      description:
        'The server asks the person to confirm it’s them (CHALLENGE_REQUIRED): the step-up dialog is open over ' +
        'the modal. Confirmed, the action is sent again with the verified token; cancelled, the modal is as ' +
        'before; expired, it says so and the person can try again.',
      invoke: {
        id: 'confirmIdentity',
        src: 'confirmIdentity',
        input: ({ context }) => context.challenge as ChallengeOptions,
        onDone: [
          {
            guard: { type: 'isConfirmed', params: ({ event }) => ({ outcome: event.output }) },
            target: 'submitting',
            actions: { type: 'keepStepUpToken', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'isExpired', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: ['forgetStepUp', 'showExpired'],
          },
          { target: 'idle', actions: 'forgetStepUp' },
        ],
        onError: {
          target: 'idle',
          actions: [
            'forgetStepUp',
            { type: 'showServerError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    succeeded: {
      type: 'final',
      entry: 'announceSuccess',
      description:
        'Done: the page sets campaignDeleted, campaignDuplicated, campaignLaunched or customerDeleted to true ' +
        'in the URL and closes the modal; the list behind it refreshes once.',
    },
  },
});

export type ModalActionMachine = typeof modalActionMachine;
