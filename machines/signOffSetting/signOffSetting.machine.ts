import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import type { SignOffSettingContext, SignOffSettingEvent, SignOffSettingInput } from './signOffSetting.types';

type Setting = { launchNeedsSignOff: boolean };

export const SIGN_OFF_NOTICES = {
  on: 'Launch now needs sign-off: campaigns launch only once a client approved the plan as it is.',
  off: 'Launch no longer needs sign-off.',
} as const;

const messageOf = (error: unknown) => (isServerFailure(error) ? error.message : NETWORK_ERROR_MESSAGE);

export const signOffSettingMachine = setup({
  types: {
    context: {} as SignOffSettingContext,
    events: {} as SignOffSettingEvent,
    input: {} as SignOffSettingInput,
  },
  actors: {
    /** GET /api/organizations/{orgId}/sign-off; `src/` provides it. */
    loadSetting: fromPromise<Setting, { organizationId: string }>(async () => {
      throw new Error('not provided: loadSetting');
    }),
    /** PUT /api/organizations/{orgId}/sign-off; `src/` provides it. */
    saveSetting: fromPromise<Setting, { organizationId: string; launchNeedsSignOff: boolean }>(async () => {
      throw new Error('not provided: saveSetting');
    }),
  },
  guards: {
    /** The role may change it, and the switch moved. */
    isChange: ({ context, event }) =>
      context.canManage && event.type === 'signOff.change' && event.value !== context.launchNeedsSignOff,
    hasMessage: ({ context }) => context.notice !== null || context.error !== null,
  },
  actions: {
    showSetting: assign((_, params: Setting) => ({
      launchNeedsSignOff: params.launchNeedsSignOff,
      loadError: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({ loadError: messageOf(params.error) })),
    holdChange: assign(({ event }) => {
      assertEvent(event, 'signOff.change');
      return { pending: event.value, error: null, notice: null };
    }),
    showSaved: assign((_, params: Setting) => ({
      launchNeedsSignOff: params.launchNeedsSignOff,
      pending: null,
      notice: params.launchNeedsSignOff ? SIGN_OFF_NOTICES.on : SIGN_OFF_NOTICES.off,
    })),
    showSaveError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error),
      pending: null,
    })),
    clearMessages: assign({ notice: null, error: null }),
  },
}).createMachine({
  id: 'signOffSetting',
  description:
    'Team page → “Client sign-off”: whether campaigns of the organization launch only once a client approved ' +
    'the plan as it is. Owners and admins turn it on or off; everyone else sees it disabled, with the reason.',
  context: ({ input }) => ({
    ...input,
    launchNeedsSignOff: false,
    pending: null,
    loadError: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    ...loadStates({
      actor: 'loadSetting',
      input: (context: SignOffSettingContext) => ({ organizationId: context.organizationId }),
      descriptions: {
        loading: 'Asking the server whether launching needs sign-off.',
        failed: 'The setting could not be loaded; the message is shown with “Try again”.',
      },
      onDone: {
        target: 'ready',
        actions: { type: 'showSetting', params: ({ event }: LoadDone<Setting>) => event.output },
      },
      failAction: { type: 'showLoadError', params: errorParams },
      retry: { event: 'retry' },
    }),
    ready: {
      description:
        'The “Launch needs sign-off” switch shows the setting; owners and admins can turn it (others see it ' +
        'disabled with the reason). A notice (saved) or a failure stays until dismissed or the next change.',
      on: {
        'signOff.change': { guard: 'isChange', target: 'saving', actions: 'holdChange' },
        'notice.dismiss': { guard: 'hasMessage', actions: 'clearMessages' },
      },
    },
    saving: {
      description: 'The new setting is on its way; the switch shows it, locked, until the server answers.',
      invoke: {
        id: 'saveSetting',
        src: 'saveSetting',
        input: ({ context }) => ({
          organizationId: context.organizationId,
          launchNeedsSignOff: context.pending ?? context.launchNeedsSignOff,
        }),
        onDone: { target: 'ready', actions: { type: 'showSaved', params: ({ event }) => event.output } },
        onError: {
          target: 'ready',
          actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type SignOffSettingMachine = typeof signOffSettingMachine;
