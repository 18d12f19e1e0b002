import { assign, fromPromise, setup } from 'xstate';
import { describeFailure } from '../shared/errors';
import type {
  CeremonyOutput,
  WebAuthnCeremonyContext,
  WebAuthnCeremonyEvent,
  WebAuthnCeremonyInput,
  WebAuthnCeremonyOutput,
  WebAuthnSupport,
} from './webauthnCeremony.types';

export const webauthnCeremonyMachine = setup({
  types: {
    context: {} as WebAuthnCeremonyContext,
    events: {} as WebAuthnCeremonyEvent,
    input: {} as WebAuthnCeremonyInput,
    output: {} as WebAuthnCeremonyOutput,
  },
  actors: {
    /** Whether the browser can run the ceremony here, and whether it must wait for a click; `src/` provides it. */
    checkSupport: fromPromise<WebAuthnSupport, WebAuthnCeremonyInput>(async () => {
      throw new Error('not provided: checkSupport');
    }),
    /**
     * Runs the WebAuthn ceremony with the provider; `src/` provides it. It is started synchronously by the
     * event that enters `authenticating`, so a click's user activation reaches `navigator.credentials.get`.
     */
    authenticate: fromPromise<CeremonyOutput, WebAuthnCeremonyInput>(async () => {
      throw new Error('not provided: authenticate');
    }),
  },
  guards: {
    isUnsupported: (_, params: { support: WebAuthnSupport }) => !params.support.supported,
    needsClick: (_, params: { support: WebAuthnSupport }) => params.support.needsClick,
    hasToken: (_, params: { output: CeremonyOutput }) => Boolean(params.output.token),
  },
  actions: {
    keepToken: assign((_, params: { output: CeremonyOutput }) => ({ token: params.output.token ?? null })),
    clearReason: assign({ reason: null }),
    noteReason: assign((_, params: { output: CeremonyOutput }) => ({ reason: params.output.error ?? null })),
    noteFailure: assign((_, params: { error: unknown }) => ({
      reason: describeFailure(params.error, []).formError,
    })),
  },
}).createMachine({
  id: 'webauthnCeremony',
  description:
    'The passkey and security-key views of the step-up dialog: the browser is checked, the ceremony runs ' +
    '(after a click in an embedded frame on Safari), a failure offers “Try again”.',
  context: ({ input }) => ({ method: input.method, reason: null, token: null }),
  initial: 'checking',
  output: ({ context }) => ({ token: context.token ?? '' }),
  states: {
    checking: {
      description: 'Checking that the browser supports WebAuthn and whether it needs a click to start.',
      invoke: {
        id: 'checkSupport',
        src: 'checkSupport',
        input: ({ context }) => ({ method: context.method }),
        onDone: [
          {
            guard: { type: 'isUnsupported', params: ({ event }) => ({ support: event.output }) },
            target: 'notSupported',
          },
          {
            guard: { type: 'needsClick', params: ({ event }) => ({ support: event.output }) },
            target: 'awaitingClick',
          },
          { target: 'authenticating' },
        ],
        onError: { target: 'notSupported' },
      },
    },
    awaitingClick: {
      description:
        'Safari in an embedded frame: a “Continue” button waits for the person’s click, which starts the ' +
        'ceremony from the click itself.',
      on: { 'ceremony.start': { target: 'authenticating' } },
    },
    authenticating: {
      description: 'The browser asks for the passkey or security key; the provider checks the answer.',
      entry: 'clearReason',
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ context }) => ({ method: context.method }),
        onDone: [
          {
            guard: { type: 'hasToken', params: ({ event }) => ({ output: event.output }) },
            target: 'verified',
            actions: { type: 'keepToken', params: ({ event }) => ({ output: event.output }) },
          },
          {
            target: 'error',
            actions: { type: 'noteReason', params: ({ event }) => ({ output: event.output }) },
          },
        ],
        onError: {
          target: 'error',
          actions: { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    error: {
      description:
        '“There was a problem authenticating with your passkey.” (or security key) with “Try again”.',
      on: { 'ceremony.retry': { target: 'authenticating' } },
    },
    notSupported: {
      description: '“Passkeys not supported” / “Your browser does not support passkeys.” (or security keys).',
    },
    verified: {
      type: 'final',
      description: 'The provider accepted the ceremony and returned a token: the dialog closes with success.',
    },
  },
});

export type WebAuthnCeremonyMachine = typeof webauthnCeremonyMachine;
