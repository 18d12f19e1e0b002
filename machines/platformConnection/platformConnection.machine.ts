import { assign, emit, fromPromise, setup } from 'xstate';
import {
  STEP_UP_EXPIRED_MESSAGE,
  type StepUpConfirmationInput,
  type StepUpConfirmationOutput,
  stepUpConfirmationMachine,
} from '../stepUpConfirmation';
import type {
  DisconnectInput,
  PlatformConnectionContext,
  PlatformConnectionEmitted,
  PlatformConnectionEvent,
  PlatformRef,
  StartConnectInput,
} from './platformConnection.types';

const actions = {
  'connection.connect': { target: '#platformConnection.starting', actions: 'chooseTarget' },
  'connection.disconnect': { target: '#platformConnection.confirmingDisconnect', actions: 'chooseTarget' },
  'connection.sync': { target: '#platformConnection.syncing', actions: 'chooseTarget' },
} as const;

export const platformConnectionMachine = setup({
  types: {
    context: {} as PlatformConnectionContext,
    events: {} as PlatformConnectionEvent,
    emitted: {} as PlatformConnectionEmitted,
  },
  actors: {
    /**
     * POST /api/platforms/{platform}/connect through the step-up confirmation: a first connection asks
     * nothing, a connect over an existing one is a risky action (the server asks the person to confirm it's
     * them first). Its answer carries the consent page's URL. `src/` provides the request and dialog.
     */
    startConnect: stepUpConfirmationMachine,
    /**
     * DELETE /api/platforms/{platform}/connection through the step-up confirmation (a risky action: the
     * server first asks the person to confirm it's them); `src/` provides its request and dialog.
     */
    disconnect: stepUpConfirmationMachine,
    /** POST /api/platforms/{platform}/sync (429 within a minute of the last). `src/` provides it. */
    requestSync: fromPromise<unknown, DisconnectInput>(async () => {
      throw new Error('not provided: requestSync');
    }),
  },
  guards: {
    hasReturnedConnected: ({ event }) =>
      event.type === 'route.enter' && event.returned !== null && 'connected' in event.returned,
    hasReturnedError: ({ event }) =>
      event.type === 'route.enter' && event.returned !== null && 'connectError' in event.returned,
    isSent: (_, params: { outcome: StepUpConfirmationOutput }) => params.outcome.status === 'sent',
    isRefused: (_, params: { outcome: StepUpConfirmationOutput }) => params.outcome.status === 'refused',
    isExpired: (_, params: { outcome: StepUpConfirmationOutput }) => params.outcome.status === 'expired',
  },
  actions: {
    chooseTarget: assign(({ event }) => {
      const { platform, displayName } = event as PlatformRef & { type: string };
      return { target: { platform, displayName }, error: null };
    }),
    keepAuthorizationUrl: assign((_, params: { outcome: StepUpConfirmationOutput }) => ({
      authorizationUrl:
        params.outcome.status === 'sent'
          ? ((params.outcome.response as { authorizationUrl?: string } | null)?.authorizationUrl ?? null)
          : null,
    })),
    keepError: assign(({ event }) => ({ error: (event as unknown as { error: unknown }).error })),
    keepRefusal: assign((_, params: { outcome: StepUpConfirmationOutput }) => ({
      error: params.outcome.status === 'refused' ? params.outcome.error : null,
    })),
    keepExpiry: assign({ error: { message: STEP_UP_EXPIRED_MESSAGE } }),
    forgetReturned: assign({ returned: null }),
    keepReturned: assign(({ event }) => ({
      returned: event.type === 'route.enter' ? event.returned : null,
    })),
    redirect: emit(({ context }) => ({ type: 'redirect' as const, url: context.authorizationUrl ?? '' })),
    announceChange: emit({ type: 'connections.changed' as const }),
  },
}).createMachine({
  id: 'platformConnection',
  description:
    'Connecting an ad platform to the account through its consent page (OAuth), and disconnecting one ' +
    'after a confirmation and the step-up. The browser leaves for the platform and comes back with the outcome.',
  context: () => ({ target: null, returned: null, authorizationUrl: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description:
        'Every platform’s connection is listed; Connect, Reconnect and Disconnect are offered. When the ' +
        'platform sent the planner back here, its outcome is shown.',
      on: {
        ...actions,
        'route.enter': [
          { guard: 'hasReturnedConnected', target: 'connected', actions: 'keepReturned' },
          { guard: 'hasReturnedError', target: 'connectRefused', actions: 'keepReturned' },
        ],
      },
    },
    connected: {
      description: 'Back from the consent page: the platform is connected, with the ad account chosen there.',
      on: { ...actions, 'notice.dismiss': { target: 'idle', actions: 'forgetReturned' } },
    },
    connectRefused: {
      description:
        'Back from the consent page without a connection: cancelled there, expired, or refused by the ' +
        'platform. Connect can be tried again.',
      on: { ...actions, 'notice.dismiss': { target: 'idle', actions: 'forgetReturned' } },
    },
    starting: {
      description:
        'Asking our server for the platform’s consent page (a fresh state and PKCE challenge). Over an ' +
        'existing connection it is a risky action: the person first confirms it’s them in the “Confirm ' +
        'it’s you” dialog (stepUpConfirmation); closing it goes back to the list, an expiry says so.',
      entry: 'forgetReturned',
      invoke: {
        id: 'startConnect',
        src: 'startConnect',
        input: ({ context }): StepUpConfirmationInput<StartConnectInput> => ({
          request: { platform: context.target?.platform ?? '', returnTo: '/platforms' },
        }),
        onDone: [
          {
            guard: { type: 'isSent', params: ({ event }) => ({ outcome: event.output }) },
            target: 'redirecting',
            actions: { type: 'keepAuthorizationUrl', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'failed',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'isExpired', params: ({ event }) => ({ outcome: event.output }) },
            target: 'failed',
            actions: 'keepExpiry',
          },
          { target: 'idle' },
        ],
      },
    },
    redirecting: {
      description: 'The browser is leaving for the platform’s consent page; nothing else can be started.',
      entry: 'redirect',
    },
    confirmingDisconnect: {
      description:
        'Disconnect asks first: campaigns on the platform could no longer be paused or deleted from here.',
      entry: 'forgetReturned',
      on: {
        'disconnect.confirm': 'disconnecting',
        'disconnect.cancel': 'idle',
      },
    },
    disconnecting: {
      description:
        'Our server hands the tokens back to the platform and forgets the connection. It is a risky action: ' +
        'the person first confirms it’s them in the “Confirm it’s you” dialog (its own chart: ' +
        'stepUpConfirmation), over the confirmation, which waits. Closing that dialog goes back to the ' +
        'confirmation; if it expires, the page says so.',
      invoke: {
        id: 'disconnect',
        src: 'disconnect',
        input: ({ context }): StepUpConfirmationInput<DisconnectInput> => ({
          request: { platform: context.target?.platform ?? '' },
        }),
        onDone: [
          {
            guard: { type: 'isSent', params: ({ event }) => ({ outcome: event.output }) },
            target: 'disconnected',
            actions: 'announceChange',
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'failed',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'isExpired', params: ({ event }) => ({ outcome: event.output }) },
            target: 'failed',
            actions: 'keepExpiry',
          },
          { target: 'confirmingDisconnect' },
        ],
      },
    },
    syncing: {
      description:
        'Asking our server to fetch the platform’s delivery now rather than at the next scheduled sync.',
      entry: 'forgetReturned',
      invoke: {
        id: 'requestSync',
        src: 'requestSync',
        input: ({ context }) => ({ platform: context.target?.platform ?? '' }),
        onDone: { target: 'syncQueued', actions: 'announceChange' },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    syncQueued: {
      description:
        'The sync is on its way (a job, a minute or so); the card’s last sync line says when it has run.',
      on: { ...actions, 'notice.dismiss': 'idle' },
    },
    disconnected: {
      description: 'The platform is disconnected; it can be connected again at any time.',
      on: { ...actions, 'notice.dismiss': 'idle' },
    },
    failed: {
      description:
        'The request was refused (for example: the platform still runs campaigns of the account), did ' +
        'not reach our server, or the step-up expired; the reason is shown and any action can be tried again.',
      on: { ...actions, 'notice.dismiss': 'idle' },
    },
  },
});

export type PlatformConnectionMachine = typeof platformConnectionMachine;
