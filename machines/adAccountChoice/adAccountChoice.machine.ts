import { assign, emit, fromPromise, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import type {
  AdAccountChoice,
  AdAccountChoiceContext,
  AdAccountChoiceEmitted,
  AdAccountChoiceEvent,
  AdAccountChoiceInput,
  ChooseInput,
} from './adAccountChoice.types';

export const NOTHING_CHOSEN = 'Choose an ad account.';
export const CHOICE_GONE_MESSAGE =
  'That choice of ad account expired or was already used. Connect again to choose one.';

const statusOf = (error: unknown) => (isServerFailure(error) ? error.status : undefined);
const messageOf = (error: unknown) => (isServerFailure(error) ? error.message : NETWORK_ERROR_MESSAGE);

export const adAccountChoiceMachine = setup({
  types: {
    context: {} as AdAccountChoiceContext,
    events: {} as AdAccountChoiceEvent,
    input: {} as AdAccountChoiceInput,
    emitted: {} as AdAccountChoiceEmitted,
  },
  actors: {
    /** GET /api/platforms/{platform}/ad-account-choices/{id}; `src/` provides it. */
    loadChoice: fromPromise<AdAccountChoice, AdAccountChoiceInput>(async () => {
      throw new Error('not provided: loadChoice');
    }),
    /** POST /api/platforms/{platform}/ad-account-choices/{id} with `{ adAccountId }`; `src/` provides it. */
    chooseAdAccount: fromPromise<unknown, ChooseInput>(async () => {
      throw new Error('not provided: chooseAdAccount');
    }),
  },
  guards: {
    isGone: (_, params: { error: unknown }) => statusOf(params.error) === 404,
    isRefusedChoice: (_, params: { error: unknown }) => statusOf(params.error) === 400,
    hasSelection: ({ context }) => context.selectedId !== null,
  },
  actions: {
    keepChoice: assign((_, params: { choice: AdAccountChoice }) => ({ choice: params.choice })),
    select: assign(({ event }) => ({
      selectedId: event.type === 'account.select' ? event.id : null,
      fieldError: null,
    })),
    askForChoice: assign({ fieldError: NOTHING_CHOSEN }),
    clearErrors: assign({ fieldError: null, error: null }),
    keepRefusal: assign((_, params: { error: unknown }) => ({
      fieldError: isServerFailure(params.error)
        ? (params.error.validationErrors?.adAccountId?.message ?? params.error.message)
        : NETWORK_ERROR_MESSAGE,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    announceConnected: emit(({ context }) => ({ type: 'connected' as const, platform: context.platform })),
    announceClosed: emit({ type: 'closed' as const }),
  },
}).createMachine({
  id: 'adAccountChoice',
  description:
    'Platforms → back from a platform whose login reaches several ad accounts (a Meta login with many, a ' +
    'Google Ads manager account with its clients): the planner chooses the one this Flightplan account runs ' +
    'campaigns in. The grant waits on the server for 10 minutes and is used once.',
  context: ({ input }) => ({ ...input, choice: null, selectedId: null, fieldError: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the ad accounts the grant reaches.',
      invoke: {
        id: 'loadChoice',
        src: 'loadChoice',
        input: ({ context }) => ({ platform: context.platform, choiceId: context.choiceId }),
        onDone: {
          target: 'choosing',
          actions: { type: 'keepChoice', params: ({ event }) => ({ choice: event.output }) },
        },
        onError: [
          { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: 'gone' },
          {
            target: 'loadFailed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    loadFailed: {
      description: 'The list could not be read (no answer, or the server failed): Try again, or Cancel.',
      on: {
        retry: { target: 'loading', actions: 'clearErrors' },
        'choice.cancel': { target: 'closed', actions: 'announceClosed' },
      },
    },
    choosing: {
      description:
        'Each ad account with its id, currency and the manager account it is reached through; the planner ' +
        'picks one and connects it. Connecting with none picked says so under the list; a refusal of the last ' +
        'try stays shown (under the list when it is about the choice, above the buttons otherwise).',
      on: {
        'account.select': { actions: 'select' },
        'choice.submit': [
          { guard: 'hasSelection', target: 'connecting', actions: 'clearErrors' },
          { actions: 'askForChoice' },
        ],
        'choice.cancel': { target: 'closed', actions: 'announceClosed' },
      },
    },
    connecting: {
      description: 'Connecting the chosen ad account; the buttons are locked.',
      invoke: {
        id: 'chooseAdAccount',
        src: 'chooseAdAccount',
        input: ({ context }) => ({
          platform: context.platform,
          choiceId: context.choiceId,
          adAccountId: context.selectedId ?? '',
        }),
        onDone: { target: 'connected', actions: 'announceConnected' },
        onError: [
          { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: 'gone' },
          {
            guard: { type: 'isRefusedChoice', params: ({ event }) => ({ error: event.error }) },
            target: 'choosing',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'choosing',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    gone: {
      description:
        'The choice expired (10 minutes), was used already, or is not this person’s: Connect again from the list.',
      on: { 'choice.cancel': { target: 'closed', actions: 'announceClosed' } },
    },
    connected: {
      description: 'The chosen ad account is connected; the list says so and shows it.',
      type: 'final',
    },
    closed: {
      description: 'Closed without connecting: nothing is connected, the list is as it was.',
      type: 'final',
    },
  },
});

export type AdAccountChoiceMachine = typeof adAccountChoiceMachine;
