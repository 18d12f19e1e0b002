import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import type {
  NotificationKind,
  NotificationPreference,
  NotificationSettingsContext,
  NotificationSettingsEvent,
  NotificationSettingsLoaded,
} from './notificationSettings.types';

export const DIGEST_NOTICES = {
  on: 'Daily pacing digest on: an e-mail each morning listing what is off pace, when something is.',
  off: 'Daily pacing digest off.',
} as const;

const messageOf = (error: unknown) => (isServerFailure(error) ? error.message : NETWORK_ERROR_MESSAGE);

export const notificationSettingsMachine = setup({
  types: {
    context: {} as NotificationSettingsContext,
    events: {} as NotificationSettingsEvent,
  },
  actors: {
    /** GET /api/notifications/preferences; `src/` provides it. */
    loadPreferences: fromPromise<NotificationSettingsLoaded>(async () => {
      throw new Error('not provided: loadPreferences');
    }),
    /** PUT /api/notifications/preferences; `src/` provides it. */
    savePreference: fromPromise<NotificationPreference[], { kind: NotificationKind; email: boolean }>(
      async () => {
        throw new Error('not provided: savePreference');
      },
    ),
    /** PUT /api/notifications/digest; `src/` provides it. */
    saveDigest: fromPromise<{ pacingDigest: boolean }, { pacingDigest: boolean }>(async () => {
      throw new Error('not provided: saveDigest');
    }),
  },
  guards: {
    /** The digest box moved. */
    isDigestChange: ({ context, event }) => event.type === 'digest.change' && event.value !== context.digest,
    /** The box moved (a kind the page lists). */
    isChange: ({ context, event }) =>
      event.type === 'email.change' &&
      context.preferences.some((p) => p.kind === event.kind && p.email !== event.email),
    hasMessage: ({ context }) => context.notice !== null || context.error !== null,
  },
  actions: {
    showPreferences: assign((_, params: NotificationSettingsLoaded) => ({
      preferences: params.preferences,
      digest: params.digest,
      loadError: null,
    })),
    holdDigest: assign(({ event }) => {
      assertEvent(event, 'digest.change');
      return { pendingDigest: event.value, error: null, notice: null };
    }),
    showDigestSaved: assign((_, params: { pacingDigest: boolean }) => ({
      digest: params.pacingDigest,
      pendingDigest: null,
      notice: params.pacingDigest ? DIGEST_NOTICES.on : DIGEST_NOTICES.off,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({ loadError: messageOf(params.error) })),
    holdChange: assign(({ event }) => {
      assertEvent(event, 'email.change');
      return { pending: { kind: event.kind, email: event.email }, error: null, notice: null };
    }),
    showSaved: assign(({ context }, params: { preferences: NotificationPreference[] }) => {
      const changed = params.preferences.find((p) => p.kind === context.pending?.kind);
      return {
        preferences: params.preferences,
        pending: null,
        notice: changed
          ? `${changed.email ? 'E-mail on' : 'E-mail off'}: ${changed.label.toLowerCase()}.`
          : null,
      };
    }),
    showSaveError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error),
      pending: null,
      pendingDigest: null,
    })),
    clearMessages: assign({ notice: null, error: null }),
  },
}).createMachine({
  id: 'notificationSettings',
  description:
    'Settings → Notifications: for each kind of notification (a plan waiting for approval, approved or sent ' +
    'back, a failed launch, a connection to renew, a budget off pace), whether e-mail is sent too; and the ' +
    'daily pacing digest. Each box saves at once.',
  context: {
    preferences: [],
    digest: false,
    pendingDigest: null,
    pending: null,
    loadError: null,
    error: null,
    notice: null,
  },
  initial: 'loading',
  states: {
    ...loadStates({
      actor: 'loadPreferences',
      descriptions: {
        loading: 'Asking which kinds of notification also come by e-mail.',
        failed: 'The settings could not be loaded; the message is shown with “Try again”.',
      },
      onDone: {
        target: 'ready',
        actions: {
          type: 'showPreferences',
          params: ({ event }: LoadDone<NotificationSettingsLoaded>) => event.output,
        },
      },
      failAction: { type: 'showLoadError', params: errorParams },
      retry: { event: 'retry' },
    }),
    ready: {
      description:
        'One box per kind, and the daily pacing digest; a notice (saved) or a failure stays until dismissed ' +
        'or the next change.',
      on: {
        'email.change': { guard: 'isChange', target: 'saving', actions: 'holdChange' },
        'digest.change': { guard: 'isDigestChange', target: 'savingDigest', actions: 'holdDigest' },
        'notice.dismiss': { guard: 'hasMessage', actions: 'clearMessages' },
      },
    },
    saving: {
      description: 'The change is on its way; the boxes are locked until the server answers.',
      invoke: {
        id: 'savePreference',
        src: 'savePreference',
        input: ({ context }) => context.pending ?? { kind: 'approval_requested' as const, email: true },
        onDone: {
          target: 'ready',
          actions: { type: 'showSaved', params: ({ event }) => ({ preferences: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    savingDigest: {
      description: 'The digest choice is on its way; the boxes are locked until the server answers.',
      invoke: {
        id: 'saveDigest',
        src: 'saveDigest',
        input: ({ context }) => ({ pacingDigest: context.pendingDigest ?? context.digest }),
        onDone: {
          target: 'ready',
          actions: { type: 'showDigestSaved', params: ({ event }) => event.output },
        },
        onError: {
          target: 'ready',
          actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type NotificationSettingsMachine = typeof notificationSettingsMachine;
