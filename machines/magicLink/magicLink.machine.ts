import { assign, fromPromise, setup } from 'xstate';
import { MAGIC_LINK_POLL_MS } from '../delays';
import { describeFailure } from '../shared/errors';
import type { LinkStatus, MagicLinkContext, MagicLinkEvent, MagicLinkOutput } from './magicLink.types';

/** Shown when the provider answers a status check with an error: polling stops there. */
export const LINK_CHECK_FAILED_MESSAGE = 'We could not check the link. Send a new link to try again.';

export const magicLinkMachine = setup({
  types: {
    context: {} as MagicLinkContext,
    events: {} as MagicLinkEvent,
    output: {} as MagicLinkOutput,
  },
  actors: {
    /** Asks the provider to e-mail a verification link; `src/` provides it. */
    sendLink: fromPromise<unknown>(async () => {
      throw new Error('not provided: sendLink');
    }),
    /** One status check (the provider's finalize call); `src/` provides it. */
    checkStatus: fromPromise<LinkStatus>(async () => {
      throw new Error('not provided: checkStatus');
    }),
  },
  delays: { pollInterval: MAGIC_LINK_POLL_MS },
  guards: {
    isVerified: (_, params: { status: LinkStatus }) =>
      params.status.isVerified && Boolean(params.status.token),
    hasError: (_, params: { status: LinkStatus }) => Boolean(params.status.error),
  },
  actions: {
    clearError: assign({ error: null }),
    keepToken: assign((_, params: { status: LinkStatus }) => ({ token: params.status.token ?? null })),
    showCheckError: assign({ error: LINK_CHECK_FAILED_MESSAGE }),
    showFailure: assign((_, params: { error: unknown }) => ({
      error: describeFailure(params.error, []).formError,
    })),
  },
}).createMachine({
  id: 'magicLink',
  description:
    'The e-mail magic-link view of the step-up dialog: a link is e-mailed, then the provider is asked every ' +
    'second whether it was followed. Polling stops when it was, on an error, or when the view closes.',
  context: { error: null, token: null },
  initial: 'sending',
  output: ({ context }) => ({ token: context.token ?? '' }),
  states: {
    sending: {
      description: 'The provider is asked to e-mail the verification link.',
      entry: 'clearError',
      invoke: {
        id: 'sendLink',
        src: 'sendLink',
        onDone: { target: 'waiting' },
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    waiting: {
      description:
        '“A verification link was sent to {email}. Click the link to proceed.” The next check is in one second.',
      after: { pollInterval: { target: 'checking' } },
      on: { 'link.resend': { target: 'sending' } },
    },
    checking: {
      description: 'Asking the provider whether the link was followed.',
      invoke: {
        id: 'checkStatus',
        src: 'checkStatus',
        onDone: [
          {
            guard: { type: 'isVerified', params: ({ event }) => ({ status: event.output }) },
            target: 'verified',
            actions: { type: 'keepToken', params: ({ event }) => ({ status: event.output }) },
          },
          {
            guard: { type: 'hasError', params: ({ event }) => ({ status: event.output }) },
            target: 'failed',
            actions: 'showCheckError',
          },
          { target: 'waiting' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'link.resend': { target: 'sending' } },
    },
    failed: {
      description:
        'Sending or checking failed: polling has stopped; the reason is shown with “Send a new link”.',
      on: { 'link.resend': { target: 'sending' } },
    },
    verified: {
      type: 'final',
      description: 'The link was followed: the dialog closes with success and hands over the token.',
    },
  },
});

export type MagicLinkMachine = typeof magicLinkMachine;
