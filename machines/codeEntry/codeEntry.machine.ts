import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { CODE_LENGTH, ERROR_RESET_MS, RESEND_COOLDOWN_MS } from '../delays';
import { describeFailure } from '../shared/errors';
import type {
  CodeEntryContext,
  CodeEntryEmitted,
  CodeEntryEvent,
  CodeEntryInput,
  CodeEntryOutput,
  SendCodeInput,
  SendCodeOutput,
  VerifyCodeOutput,
} from './codeEntry.types';

/** Spec section 5: the code field is required, with this message. */
export const CODE_REQUIRED_MESSAGE = 'Enter a code';

/** Keeps the digits of what was typed or pasted, at most CODE_LENGTH of them. */
export const sanitizeCode = (value: string) => value.replace(/\D/g, '').slice(0, CODE_LENGTH);

export const isCompleteCode = (code: string) => code.length === CODE_LENGTH;

export function wrongCodeMessage(attemptsRemaining: number | undefined): string {
  if (attemptsRemaining === undefined) return 'That code is incorrect.';
  if (attemptsRemaining <= 0) return 'That code is incorrect and no attempts are left. Request a new code.';
  return `That code is incorrect. ${attemptsRemaining} ${attemptsRemaining === 1 ? 'attempt' : 'attempts'} left.`;
}

export const codeEntryMachine = setup({
  types: {
    context: {} as CodeEntryContext,
    events: {} as CodeEntryEvent,
    input: {} as CodeEntryInput,
    emitted: {} as CodeEntryEmitted,
    output: {} as CodeEntryOutput,
  },
  actors: {
    /**
     * Asks the provider to send an e-mail or text-message code (`request`: the host's `sendRequest`);
     * resolves `{ sent: false }` for the authenticator app. `src/` provides it.
     */
    sendCode: fromPromise<SendCodeOutput, SendCodeInput>(async () => {
      throw new Error('not provided: sendCode');
    }),
    /** Sends the code to the provider; `src/` provides it. Resolves with the provider's answer. */
    verifyCode: fromPromise<VerifyCodeOutput, { method: CodeEntryInput['method']; code: string }>(
      async () => {
        throw new Error('not provided: verifyCode');
      },
    ),
  },
  delays: {
    errorReset: ERROR_RESET_MS,
    resendCooldown: ({ context }) => context.resendCooldownMs,
  },
  guards: {
    isCodeComplete: ({ context }) => isCompleteCode(context.code),
    isChangeComplete: ({ event }) => {
      assertEvent(event, 'code.change');
      return isCompleteCode(sanitizeCode(event.value));
    },
    isAccepted: (_, params: { output: VerifyCodeOutput }) =>
      Boolean(params.output.token) || params.output.verified === true,
    /** An error answer the view does not show (spec section 8); with `showFailures` it is shown. */
    isIgnoredError: ({ context }, params: { output: VerifyCodeOutput }) =>
      Boolean(params.output.error) && !context.showFailures,
    /** The first code is sent as the view opens, once, unless the host already sent it. */
    sendsOnOpen: ({ context }) => context.sendOnOpen && !context.hasSent,
    wasSent: (_, params: { output: SendCodeOutput }) => params.output.sent,
  },
  actions: {
    updateCode: assign(({ event }) => {
      assertEvent(event, 'code.change');
      return { code: sanitizeCode(event.value), fieldError: null };
    }),
    requireCode: assign({ fieldError: CODE_REQUIRED_MESSAGE }),
    keepToken: assign((_, params: { output: VerifyCodeOutput }) => ({ token: params.output.token ?? null })),
    noteAttempts: assign(({ context }, params: { output: VerifyCodeOutput }) => ({
      attemptsRemaining: params.output.attemptsRemaining ?? context.attemptsRemaining,
    })),
    // A refusal in words (only reaches here with `showFailures`) is shown as it is.
    showWrongCode: assign((_, params: { output: VerifyCodeOutput }) => ({
      fieldError: params.output.error ?? wrongCodeMessage(params.output.attemptsRemaining),
      attemptsRemaining: params.output.attemptsRemaining ?? null,
    })),
    /** A request that got no answer: “Could not reach the server…” under the field with `showFailures`. */
    showFailure: assign(({ context }, params: { error: unknown }) => ({
      fieldError: context.showFailures ? describeFailure(params.error, []).formError : context.fieldError,
    })),
    clearCode: assign({ code: '' }),
    clearNotice: assign({ notice: null }),
    markSent: assign({ hasSent: true }),
    markResend: assign({ resent: true }),
    noteSent: assign(({ context }) => ({ notice: context.resent ? context.resendNotice : context.notice })),
    focusField: emit({ type: 'code.focus' as const }),
    clearDeliveryError: assign({ deliveryError: null }),
    showDeliveryError: assign((_, params: { error: unknown }) => ({
      deliveryError: describeFailure(params.error, []).formError,
    })),
  },
}).createMachine({
  id: 'codeEntry',
  description:
    'The code views of the step-up dialog (authenticator app, e-mail code, text-message code): the code is ' +
    'sent when the view opens (e-mail and text message), six digits are typed and submitted on the sixth, ' +
    'a wrong code shakes the slots and clears them after 500 ms.',
  // “Add a sign-in method” runs it too, for the first code, with its own settings (CodeEntryInput): the
  // states' descriptions say where they differ.
  context: ({ input }) => ({
    method: input.method,
    sendOnOpen: input.sendOnOpen ?? true,
    resendCooldownMs:
      input.resendCooldownSeconds === undefined ? RESEND_COOLDOWN_MS : input.resendCooldownSeconds * 1000,
    resendNotice: input.resendNotice ?? null,
    showFailures: input.showFailures ?? false,
    sendRequest: input.sendRequest,
    hasSent: false,
    resent: false,
    notice: null,
    code: '',
    fieldError: null,
    attemptsRemaining: null,
    deliveryError: null,
    token: null,
  }),
  initial: 'active',
  output: ({ context }) => ({ token: context.token ?? '' }),
  states: {
    active: {
      description: 'The view is open: the code field and the delivery of the code run side by side.',
      type: 'parallel',
      states: {
        code: {
          description: 'The six-digit field.',
          initial: 'idle',
          states: {
            idle: {
              description:
                'Waiting for digits. The sixth digit submits by itself; submitting fewer shows “Enter a code”.',
              on: {
                'code.change': [
                  { guard: 'isChangeComplete', target: 'loading', actions: 'updateCode' },
                  { actions: 'updateCode' },
                ],
                'code.submit': [
                  { guard: 'isCodeComplete', target: 'loading' },
                  { target: 'error', actions: 'requireCode' },
                ],
              },
            },
            loading: {
              description:
                'The code is being checked by the provider; the field is read-only and a resend notice is ' +
                'hidden.',
              entry: 'clearNotice',
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context }) => ({ method: context.method, code: context.code }),
                onDone: [
                  {
                    guard: { type: 'isAccepted', params: ({ event }) => ({ output: event.output }) },
                    target: '#codeEntry.verified',
                    actions: { type: 'keepToken', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    guard: { type: 'isIgnoredError', params: ({ event }) => ({ output: event.output }) },
                    target: 'idle',
                    actions: { type: 'noteAttempts', params: ({ event }) => ({ output: event.output }) },
                  },
                  {
                    target: 'error',
                    actions: { type: 'showWrongCode', params: ({ event }) => ({ output: event.output }) },
                  },
                ],
                // No answer at all is ignored like an error answer (the field must not stay stuck), or
                // shown under the field with `showFailures`.
                onError: {
                  target: 'idle',
                  actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            error: {
              description:
                'Wrong or empty code: the slots shake with a red border and the message is read out. After ' +
                '500 ms the code is cleared and the field takes the focus again.',
              after: { errorReset: { target: 'idle', actions: ['clearCode', 'focusField'] } },
            },
          },
        },
        delivery: {
          description: 'Sending the code by e-mail or text message, and sending a new one on request.',
          initial: 'ready',
          states: {
            sending: {
              description:
                'The provider is asked to send a code: as the view opens (unless the host already sent ' +
                'it), then on “Send a new code”.',
              entry: ['clearDeliveryError', 'markSent'],
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: ({ context }) =>
                  context.sendRequest === undefined
                    ? { method: context.method }
                    : { method: context.method, request: context.sendRequest },
                onDone: [
                  {
                    guard: { type: 'wasSent', params: ({ event }) => ({ output: event.output }) },
                    target: 'coolingDown',
                    actions: 'noteSent',
                  },
                  { target: 'none' },
                ],
                onError: {
                  target: 'failed',
                  actions: { type: 'showDeliveryError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            coolingDown: {
              description:
                'A code was sent; “Send a new code” is available after the cooldown (30 seconds in the ' +
                'step-up dialog, none when adding a method). After a resend, the host’s notice is shown.',
              after: { resendCooldown: { target: 'ready' } },
            },
            ready: {
              description:
                '“Send a new code” can be used. The view opens here: the first code is sent at once, unless ' +
                'the host already sent it (adding an e-mail address or phone number).',
              always: { guard: 'sendsOnOpen', target: 'sending' },
              on: { 'code.resend': { target: 'sending', actions: 'markResend' } },
            },
            failed: {
              description: 'The code could not be sent: the reason is shown with “Send a new code”.',
              on: { 'code.resend': { target: 'sending', actions: 'markResend' } },
            },
            none: {
              description: 'Nothing to send: the authenticator app makes its own codes.',
            },
          },
        },
      },
    },
    verified: {
      type: 'final',
      description: 'The provider accepted the code and returned a token: the dialog closes with success.',
    },
  },
});

export type CodeEntryMachine = typeof codeEntryMachine;
