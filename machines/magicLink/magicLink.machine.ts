import { assign, fromPromise, setup } from 'xstate';
import { MAGIC_LINK_LIFETIME_MS, MAGIC_LINK_POLL_MS } from '../delays';
import { describeFailure } from '../shared/errors';
import type { LinkStatus, MagicLinkContext, MagicLinkEvent, MagicLinkOutput } from './magicLink.types';

/** Shown when the provider answers a status check with an error: polling stops there. */
export const LINK_CHECK_FAILED_MESSAGE = 'We could not check the link. Send a new link to try again.';
/** Shown when the link's lifetime ran out before it was followed: polling stops there. */
export const LINK_EXPIRED_MESSAGE = 'This link has expired. Send a new link to try again.';

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
  delays: { pollInterval: MAGIC_LINK_POLL_MS, linkLifetime: MAGIC_LINK_LIFETIME_MS },
  guards: {
    isVerified: (_, params: { status: LinkStatus }) =>
      params.status.isVerified && Boolean(params.status.token),
    hasError: (_, params: { status: LinkStatus }) => Boolean(params.status.error),
    isHidden: ({ context }) => context.isHidden,
  },
  actions: {
    clearError: assign({ error: null }),
    keepToken: assign((_, params: { status: LinkStatus }) => ({ token: params.status.token ?? null })),
    showCheckError: assign({ error: LINK_CHECK_FAILED_MESSAGE }),
    showExpiry: assign({ error: LINK_EXPIRED_MESSAGE }),
    markHidden: assign({ isHidden: true }),
    markVisible: assign({ isHidden: false }),
    showFailure: assign((_, params: { error: unknown }) => ({
      error: describeFailure(params.error, []).formError,
    })),
  },
}).createMachine({
  id: 'magicLink',
  description:
    'The e-mail magic-link view of the step-up dialog: a link is e-mailed, then the provider is asked every ' +
    'second whether it was followed. Polling stops when it was, on an error, when the link expires (after the ' +
    "provider's link lifetime) or when the view closes; it pauses while the page is hidden and checks at once " +
    'when it is shown again.',
  context: { error: null, token: null, isHidden: false },
  initial: 'sending',
  output: ({ context }) => ({ token: context.token ?? '' }),
  on: {
    'visibility.hidden': { actions: 'markHidden' },
    'visibility.visible': { actions: 'markVisible' },
  },
  states: {
    sending: {
      description: 'The provider is asked to e-mail the verification link.',
      entry: 'clearError',
      invoke: {
        id: 'sendLink',
        src: 'sendLink',
        onDone: [{ guard: 'isHidden', target: 'linkOut.paused' }, { target: 'linkOut' }],
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    linkOut: {
      description:
        "The link is out and can be followed until its lifetime (the provider's, 10 minutes) runs out; then " +
        'the view stops asking.',
      initial: 'waiting',
      after: { linkLifetime: { target: 'expired', actions: 'showExpiry' } },
      on: { 'link.resend': { target: 'sending' } },
      states: {
        waiting: {
          description:
            '“A verification link was sent to {email}. Click the link to proceed.” The next check is in one second.',
          after: { pollInterval: { target: 'checking' } },
          on: { 'visibility.hidden': { target: 'paused', actions: 'markHidden' } },
        },
        checking: {
          description: 'Asking the provider whether the link was followed.',
          invoke: {
            id: 'checkStatus',
            src: 'checkStatus',
            onDone: [
              {
                guard: { type: 'isVerified', params: ({ event }) => ({ status: event.output }) },
                target: '#magicLink.verified',
                actions: { type: 'keepToken', params: ({ event }) => ({ status: event.output }) },
              },
              {
                guard: { type: 'hasError', params: ({ event }) => ({ status: event.output }) },
                target: '#magicLink.failed',
                actions: 'showCheckError',
              },
              { target: 'waiting' },
            ],
            onError: {
              target: '#magicLink.failed',
              actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
          on: { 'visibility.hidden': { target: 'paused', actions: 'markHidden' } },
        },
        paused: {
          description:
            'The page is hidden (the person is, say, in their mailbox): no checks; the same waiting text. When ' +
            'the page is shown again it checks at once.',
          on: { 'visibility.visible': { target: 'checking', actions: 'markVisible' } },
        },
      },
    },
    expired: {
      description:
        '“This link has expired. Send a new link to try again.” Polling has stopped; “Send a new link” e-mails ' +
        'a new one.',
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
