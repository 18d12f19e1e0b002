import { DUPLICATE_NAME_MESSAGE, MAX_SHIFT_DAYS } from '@contract/campaigns';
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
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

/** The message under the duplicate's name field, or null when it is fine (other kinds have no field). */
export function validateValue(context: Pick<ModalActionContext, 'kind' | 'value'>): string | null {
  if (context.kind !== 'duplicateCampaign') return null;
  return context.value.trim() === '' ? DUPLICATE_NAME_MESSAGE : null;
}

/**
 * The duplicate's shift in days: '' keeps the dates (0); a whole number of days or weeks within ten years
 * either way; null when what is typed is not one.
 */
export function shiftDaysOf(
  context: Pick<ModalActionContext, 'kind' | 'shift' | 'shiftUnit'>,
): number | null {
  if (context.kind !== 'duplicateCampaign') return 0;
  const text = context.shift.trim();
  if (text === '') return 0;
  if (!/^[-+]?\d{1,5}$/.test(text)) return null;
  const days = Number(text) * (context.shiftUnit === 'weeks' ? 7 : 1);
  return Math.abs(days) <= MAX_SHIFT_DAYS ? days : null;
}

export const SHIFT_FIELD_MESSAGE = 'Enter a whole number of days or weeks, at most ten years either way';

/** Splits a refusal into the field messages (duplicate) or the business message (the other modals). */
export function describeRefusal(kind: ModalActionInput['kind'], error: unknown) {
  const failure = describeFailure(error, ['name', 'shiftDays'] as const);
  const business =
    isServerFailure(error) && error.businessError?.message ? error.businessError.message : failure.formError;
  const shiftError = failure.fieldErrors.shiftDays ? SHIFT_FIELD_MESSAGE : null;
  const message = failure.fieldErrors.name ?? (shiftError ? null : business);
  return kind === 'duplicateCampaign'
    ? { fieldError: message, shiftError, businessError: null }
    : { fieldError: null, shiftError: null, businessError: message };
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
     * Deletes, duplicates, launches, pauses or resumes, asking the person to confirm it's them when the
     * server wants it: the step-up confirmation chart, whose request and dialog `src/` provides
     * (`provideStepUpConfirmation`). Ends with how it went.
     */
    submitAction: stepUpConfirmationMachine,
  },
  guards: {
    isDuplicate: ({ context }) => context.kind === 'duplicateCampaign',
    hasRecord: (_, params: { record: ModalRecord | null }) => params.record !== null,
    isNotFoundError: (_, params: { error: unknown }) =>
      isServerFailure(params.error) && params.error.status === 404,
    isValueValid: ({ context }) => validateValue(context) === null && shiftDaysOf(context) !== null,
    isSent: (_, params: { outcome: StepUpConfirmationOutput }) => params.outcome.status === 'sent',
    isRefused: (_, params: { outcome: StepUpConfirmationOutput }) => params.outcome.status === 'refused',
    isExpired: (_, params: { outcome: StepUpConfirmationOutput }) => params.outcome.status === 'expired',
  },
  actions: {
    keepRecord: assign((_, params: { record: ModalRecord | null }) => ({ record: params.record })),
    showLoadError: assign((_, params: { error: unknown }) => ({
      businessError: describeFailure(params.error, []).formError,
    })),
    clearErrors: assign({ fieldError: null, shiftError: null, businessError: null }),
    updateValue: assign(({ event }) => {
      assertEvent(event, 'field.change');
      return { value: event.value, fieldError: null };
    }),
    updateShift: assign(({ event }) => {
      assertEvent(event, ['shift.change', 'shift.unit']);
      return event.type === 'shift.change'
        ? { shift: event.value, shiftError: null }
        : { shiftUnit: event.unit, shiftError: null };
    }),
    showValueError: assign({
      fieldError: ({ context }) => validateValue(context),
      shiftError: ({ context }) => (shiftDaysOf(context) === null ? SHIFT_FIELD_MESSAGE : null),
    }),
    showServerError: assign(({ context }, params: { outcome: StepUpConfirmationOutput }) =>
      describeRefusal(context.kind, params.outcome.status === 'refused' ? params.outcome.error : null),
    ),
    announceSuccess: emit(({ context }) => ({
      type: 'modal.succeeded' as const,
      flag: DONE_FLAGS[context.kind],
      ...(context.createdId ? { createdId: context.createdId } : {}),
    })),
    keepCreated: assign((_, params: { outcome: StepUpConfirmationOutput }) => {
      const response = params.outcome.status === 'sent' ? params.outcome.response : null;
      const id = (response as { campaignId?: unknown } | null)?.campaignId;
      return { createdId: typeof id === 'string' ? id : null };
    }),
    announceClose: emit({ type: 'modal.close' as const }),
    showExpired: assign(({ context }) =>
      context.kind === 'duplicateCampaign'
        ? { fieldError: STEP_UP_EXPIRED_MESSAGE }
        : { businessError: STEP_UP_EXPIRED_MESSAGE },
    ),
  },
}).createMachine({
  id: 'modalAction',
  description:
    'The campaign and customer modals (delete, duplicate, launch, pause or resume a campaign, delete a ' +
    'customer), opened by query parameters: the record is looked up, the person confirms, the server acts, ' +
    'the page is told.',
  context: ({ input }) => ({
    kind: input.kind,
    id: input.id,
    record: null,
    value: '',
    fieldError: null,
    shift: '',
    shiftUnit: 'days',
    shiftError: null,
    createdId: null,
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
        'The question is asked (“Are you sure…?”; the duplicate asks for the new name, and “Shift dates by” ' +
        'a number of days or weeks for the next period). An empty name shows “Enter a name for the new ' +
        'campaign.” under the field, a shift that is not a whole number of days or weeks says so under its ' +
        'own, and nothing is sent. A refusal from the server is shown inline; typing hides the field message.',
      on: {
        'field.change': { actions: 'updateValue' },
        'shift.change': { guard: 'isDuplicate', actions: 'updateShift' },
        'shift.unit': { guard: 'isDuplicate', actions: 'updateShift' },
        'modal.submit': [{ guard: 'isValueValid', target: 'submitting' }, { actions: 'showValueError' }],
      },
    },
    submitting: {
      description:
        'The server acts. The button reads “Duplicating...” or “Launching...” and is disabled. A risky ' +
        'action (delete, launch, resume) may first need the person to confirm it’s them: the step-up dialog ' +
        'opens over the modal (its own chart: stepUpConfirmation) and the button keeps waiting. Closing the ' +
        'dialog leaves the modal as it was; if it expires, the modal says so.',
      entry: 'clearErrors',
      invoke: {
        id: 'submitAction',
        src: 'submitAction',
        input: ({ context }): StepUpConfirmationInput<ModalActionRequest> => ({
          request: {
            kind: context.kind,
            id: context.id,
            name: context.kind === 'duplicateCampaign' ? context.value.trim() : '',
            shiftDays: shiftDaysOf(context) ?? 0,
          },
        }),
        onDone: [
          {
            guard: { type: 'isSent', params: ({ event }) => ({ outcome: event.output }) },
            target: 'succeeded',
            actions: { type: 'keepCreated', params: ({ event }) => ({ outcome: event.output }) },
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
        'Done: the page sets campaignDeleted, campaignDuplicated, campaignLaunched, campaignPaused, ' +
        'campaignResumed or customerDeleted to true in the URL and closes the modal; the list behind it refreshes once. ' +
        'A duplicate’s notice offers “Open the copy”.',
    },
  },
});

export type ModalActionMachine = typeof modalActionMachine;
