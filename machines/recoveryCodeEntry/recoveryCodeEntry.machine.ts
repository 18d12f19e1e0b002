import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { describeFailure } from '../shared/errors';
import type {
  RecoveryCodeCheck,
  RecoveryCodeEntryContext,
  RecoveryCodeEntryEvent,
  RecoveryCodeEntryOutput,
} from './recoveryCodeEntry.types';

export const RECOVERY_CODE_REQUIRED_MESSAGE = 'Enter a recovery code';

/** The wrong-code line, with the attempts left when the provider says. */
export function wrongRecoveryCodeMessage(attemptsRemaining: number | undefined): string {
  if (attemptsRemaining === undefined) return 'That recovery code is not correct.';
  if (attemptsRemaining <= 0) return 'That recovery code is not correct and no attempts are left.';
  return `That recovery code is not correct. ${attemptsRemaining} ${attemptsRemaining === 1 ? 'attempt' : 'attempts'} left.`;
}

/** Something to send: the provider checks the shape (case, spaces and dashes do not matter to it). */
const isFilled = (code: string) => code.trim() !== '';

export const recoveryCodeEntryMachine = setup({
  types: {
    context: {} as RecoveryCodeEntryContext,
    events: {} as RecoveryCodeEntryEvent,
    output: {} as RecoveryCodeEntryOutput,
  },
  actors: {
    /** POST /client/verify/recovery-code; `src/` provides it. Resolves with the provider's answer. */
    verifyRecoveryCode: fromPromise<RecoveryCodeCheck, { code: string }>(async () => {
      throw new Error('not provided: verifyRecoveryCode');
    }),
  },
  guards: {
    isCodeFilled: ({ context }) => isFilled(context.code),
    hasToken: (_, params: { check: RecoveryCodeCheck }) => Boolean(params.check.token),
  },
  actions: {
    updateCode: assign(({ event }) => {
      assertEvent(event, 'code.change');
      return { code: event.value, fieldError: null };
    }),
    requireCode: assign({ fieldError: RECOVERY_CODE_REQUIRED_MESSAGE }),
    clearError: assign({ fieldError: null }),
    keepToken: assign((_, params: { check: RecoveryCodeCheck }) => ({ token: params.check.token ?? null })),
    showRefusal: assign((_, params: { check: RecoveryCodeCheck }) => ({
      fieldError: params.check.error ?? wrongRecoveryCodeMessage(params.check.attemptsRemaining),
    })),
    showFailure: assign((_, params: { error: unknown }) => ({
      fieldError: describeFailure(params.error, []).formError,
    })),
  },
}).createMachine({
  id: 'recoveryCodeEntry',
  description:
    'The recovery-code view of the step-up dialog, the last method it offers: one of the ten codes the ' +
    'person saved is typed and checked; each code works once, and wrong codes count against the attempts ' +
    'like an authenticator app’s.',
  context: { code: '', fieldError: null, token: null },
  initial: 'editing',
  output: ({ context }) => ({ token: context.token ?? '' }),
  states: {
    editing: {
      description:
        '“Enter one of your recovery codes to proceed.” The field takes a code like 4f7k2-9q8xm; “Verify” ' +
        'with an empty field says “Enter a recovery code”.',
      on: {
        'code.change': { actions: 'updateCode' },
        'code.submit': [
          { guard: 'isCodeFilled', target: 'checking' },
          { target: 'refused', actions: 'requireCode' },
        ],
      },
    },
    checking: {
      description:
        'The provider checks the code; the field is read-only, the last message is gone and the button ' +
        'reads “Verifying…”.',
      entry: 'clearError',
      invoke: {
        id: 'verifyRecoveryCode',
        src: 'verifyRecoveryCode',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          {
            guard: { type: 'hasToken', params: ({ event }) => ({ check: event.output }) },
            target: 'verified',
            actions: { type: 'keepToken', params: ({ event }) => ({ check: event.output }) },
          },
          {
            target: 'refused',
            actions: { type: 'showRefusal', params: ({ event }) => ({ check: event.output }) },
          },
        ],
        onError: {
          target: 'refused',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    refused: {
      description:
        'The code was empty, wrong (with the attempts left), already used, locked after too many wrong ' +
        'codes, or could not be checked: the reason is read out under the field, which keeps what was ' +
        'typed so a typo can be fixed. Typing clears the message.',
      on: {
        'code.change': { target: 'editing', actions: 'updateCode' },
        'code.submit': [{ guard: 'isCodeFilled', target: 'checking' }, { actions: 'requireCode' }],
      },
    },
    verified: {
      type: 'final',
      description: 'The provider accepted the code (now used up) and returned a token: the dialog closes.',
    },
  },
});

export type RecoveryCodeEntryMachine = typeof recoveryCodeEntryMachine;
