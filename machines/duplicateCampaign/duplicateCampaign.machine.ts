import { assertEvent, assign, emit, fromPromise, not, setup, stateIn } from 'xstate';
import { describeFailure, isServerFailure } from '../shared/errors';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import { isSendable, nameError, SHIFT_FIELD_MESSAGE, shiftOf } from './duplicateCampaign.rules';
import type {
  DuplicateCampaignContext,
  DuplicateCampaignEmitted,
  DuplicateCampaignEvent,
  DuplicateCampaignInput,
  DuplicateRequest,
  DuplicateResult,
  DuplicateSource,
} from './duplicateCampaign.types';

/** Splits the server's refusal: the name's and the shift's messages under their fields, the rest above. */
export function describeRefusal(error: unknown) {
  const failure = describeFailure(error, ['name', 'shiftDays'] as const);
  const datesError = failure.fieldErrors.shiftDays ? SHIFT_FIELD_MESSAGE : null;
  const business =
    isServerFailure(error) && error.businessError?.message ? error.businessError.message : failure.formError;
  const nameMessage = failure.fieldErrors.name ?? null;
  return {
    nameError: nameMessage,
    datesError,
    formError: nameMessage || datesError ? null : business,
  };
}

export const duplicateCampaignMachine = setup({
  types: {
    context: {} as DuplicateCampaignContext,
    events: {} as DuplicateCampaignEvent,
    input: {} as DuplicateCampaignInput,
    emitted: {} as DuplicateCampaignEmitted,
  },
  actors: {
    /**
     * The campaign (name, dates, currency), its customer's name and the customer's budgets in that
     * currency; null when there is no such campaign. `src/` provides it.
     */
    loadSource: fromPromise<DuplicateSource | null, DuplicateCampaignInput>(async () => {
      throw new Error('not provided: loadSource');
    }),
    /** `POST /data/campaigns/duplicate` { campaignId, name, shiftDays }; `src/` provides it. */
    duplicate: fromPromise<DuplicateResult, DuplicateRequest>(async () => {
      throw new Error('not provided: duplicate');
    }),
  },
  guards: {
    hasSource: (_, params: { source: DuplicateSource | null }) => params.source !== null,
    isNotFoundError: (_, params: { error: unknown }) =>
      isServerFailure(params.error) && params.error.status === 404,
    isSendable: ({ context }) => isSendable(context),
    /** The other way of moving the dates than the one chosen (choosing the same one changes nothing). */
    isOtherMode: ({ context, event }) => event.type === 'dates.mode' && event.mode !== context.mode,
    /** "Shift dates by" is the way chosen (its field is the one shown). */
    isShifting: ({ context }) => context.mode === 'shift',
    /** A new start date is the way chosen. */
    isChoosingStart: ({ context }) => context.mode === 'startDate',
  },
  actions: {
    keepSource: assign((_, params: { source: DuplicateSource | null }) => ({ source: params.source })),
    showLoadError: assign((_, params: { error: unknown }) => ({
      formError: describeFailure(params.error, []).formError,
    })),
    clearErrors: assign({ nameError: null, datesError: null, formError: null }),
    updateName: assign(({ event }) => {
      assertEvent(event, 'name.change');
      return { name: event.value, nameError: null };
    }),
    updateDates: assign(({ event }) => {
      assertEvent(event, ['dates.mode', 'shift.change', 'shift.unit', 'start.change']);
      switch (event.type) {
        case 'dates.mode':
          return { mode: event.mode, datesError: null };
        case 'shift.change':
          return { shift: event.value, datesError: null };
        case 'shift.unit':
          return { shiftUnit: event.unit, datesError: null };
        case 'start.change':
          return { newStart: event.value, datesError: null };
      }
    }),
    showFieldErrors: assign(({ context }) => ({
      nameError: nameError(context.name),
      datesError: shiftOf(context).error,
    })),
    showRefusal: assign((_, params: { error: unknown }) => describeRefusal(params.error)),
    keepResult: assign((_, params: { result: DuplicateResult }) => ({ result: params.result })),
    announceSuccess: emit(({ context }) => ({
      type: 'modal.succeeded' as const,
      flag: 'campaignDuplicated' as const,
      createdId: context.result?.campaignId ?? '',
      budget: context.result?.budget ?? null,
    })),
    announceClose: emit({ type: 'modal.close' as const }),
  },
}).createMachine({
  id: 'duplicateCampaign',
  description:
    'Duplicate a campaign for the next period, opened by ?duplicateCampaign=true&campaignId=…: the campaign ' +
    'is looked up, the planner names the copy and moves its dates (by days or weeks, or to a new start date: ' +
    'every flight moves with them), the dialog says which budget the new dates draw on or that none does, the ' +
    'server makes the copy as a draft, and the page is told (campaignDuplicated=true, “Open the copy”).',
  context: ({ input }) => ({
    id: input.id,
    source: null,
    name: '',
    nameError: null,
    mode: 'shift',
    shift: '',
    shiftUnit: 'days',
    newStart: '',
    datesError: null,
    formError: null,
    result: null,
  }),
  initial: 'loading',
  on: {
    // Not while the copy is being made: closing then would hide a copy that still appears.
    'modal.cancel': { guard: not(stateIn('#duplicateCampaign.submitting')), actions: 'announceClose' },
  },
  states: {
    ...loadStates({
      actor: 'loadSource',
      input: (context: DuplicateCampaignContext) => ({ id: context.id }),
      names: { failed: 'loadFailed' },
      entry: 'clearErrors',
      descriptions: {
        loading: 'The campaign named in the URL is being looked up, with its customer’s budgets.',
        failed: 'The lookup got no usable answer: the message is shown with “Try again” and Cancel.',
      },
      onDone: [
        {
          guard: {
            type: 'hasSource',
            params: ({ event }: LoadDone<DuplicateSource | null>) => ({ source: event.output }),
          },
          target: 'idle',
          actions: {
            type: 'keepSource',
            params: ({ event }: LoadDone<DuplicateSource | null>) => ({ source: event.output }),
          },
        },
        { target: 'notFound' },
      ],
      notFound: {
        guard: { type: 'isNotFoundError', params: errorParams },
        description:
          'Nothing has that id: “Sorry, we couldn’t find that campaign.” with a Cancel button only.',
      },
      failAction: { type: 'showLoadError', params: errorParams },
      retry: { event: 'modal.retry' },
    }),
    idle: {
      description:
        'The dialog asks for the copy’s name (“Campaign name”, hint “Enter a name for the new campaign.”) and ' +
        'its dates: “Shift dates by” a number of days or weeks (empty: the same dates), or a new start date. ' +
        'It shows the new dates and the budget they draw on, or says no budget of the customer in that ' +
        'currency covers them. An empty name or a shift that is not one is said under its field and nothing ' +
        'is sent; typing hides the message. A refusal from the server is shown too.',
      on: {
        'name.change': { actions: 'updateName' },
        'dates.mode': { guard: 'isOtherMode', actions: 'updateDates' },
        'shift.change': { guard: 'isShifting', actions: 'updateDates' },
        'shift.unit': { guard: 'isShifting', actions: 'updateDates' },
        'start.change': { guard: 'isChoosingStart', actions: 'updateDates' },
        'modal.submit': [{ guard: 'isSendable', target: 'submitting' }, { actions: 'showFieldErrors' }],
      },
    },
    submitting: {
      description:
        'The server makes the copy: the button reads “Duplicating...” and is disabled, the fields are ' +
        'read-only, and the dialog cannot be closed until it answers.',
      entry: 'clearErrors',
      invoke: {
        id: 'duplicate',
        src: 'duplicate',
        input: ({ context }): DuplicateRequest => ({
          campaignId: context.id,
          name: context.name.trim(),
          shiftDays: shiftOf(context).days ?? 0,
        }),
        onDone: {
          target: 'succeeded',
          actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
        },
        onError: { target: 'idle', actions: { type: 'showRefusal', params: errorParams } },
      },
    },
    succeeded: {
      type: 'final',
      entry: 'announceSuccess',
      description:
        'Done: the page sets campaignDuplicated=true in the URL and closes the dialog; the notice “Campaign ' +
        'duplicated.” says which budget the copy draws on, or that none covers its dates, and offers “Open ' +
        'the copy”.',
    },
  },
});

export type DuplicateCampaignMachine = typeof duplicateCampaignMachine;
