import { EnrollmentTokenResponseSchema } from '@contract/provider';
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { describeFailure } from '../shared/errors';
import {
  STEP_UP_EXPIRED_MESSAGE,
  type StepUpConfirmationInput,
  type StepUpConfirmationOutput,
  stepUpConfirmationMachine,
} from '../stepUpConfirmation';
import type {
  Enrolment,
  RecoveryCodesContext,
  RecoveryCodesEvent,
  RecoveryCodesInput,
  RecoveryCodesOutput,
} from './recoveryCodes.types';

const enrolmentOf = (outcome: StepUpConfirmationOutput): Enrolment | null =>
  outcome.status === 'sent' && v.is(EnrollmentTokenResponseSchema, outcome.response)
    ? outcome.response
    : null;

/** Why making codes was not allowed, in the step-up's words. */
function refusalMessage(outcome: StepUpConfirmationOutput): string {
  if (outcome.status === 'expired') return STEP_UP_EXPIRED_MESSAGE;
  const error = outcome.status === 'refused' ? outcome.error : null;
  return describeFailure(error, []).formError ?? 'Recovery codes could not be generated. Try again.';
}

export const recoveryCodesMachine = setup({
  types: {
    context: {} as RecoveryCodesContext,
    events: {} as RecoveryCodesEvent,
    input: {} as RecoveryCodesInput,
    output: {} as RecoveryCodesOutput,
  },
  actors: {
    /**
     * POST /api/security/enrollment-token, a risky action (`addAuthenticator`), through the step-up
     * confirmation chart: making codes is adding a sign-in method. Sent, its response is the enrolment token.
     */
    authorize: stepUpConfirmationMachine,
    /** With the enrolment token, POST /client/user-authenticators/recovery-codes: the new set of ten. */
    generateCodes: fromPromise<string[], { enrolment: Enrolment }>(async () => {
      throw new Error('not provided: generateCodes');
    }),
  },
  guards: {
    isAuthorized: (_, params: { outcome: StepUpConfirmationOutput }) => enrolmentOf(params.outcome) !== null,
    isCancelled: (_, params: { outcome: StepUpConfirmationOutput }) => params.outcome.status === 'cancelled',
  },
  actions: {
    keepEnrolment: assign((_, params: { outcome: StepUpConfirmationOutput }) => ({
      enrolment: enrolmentOf(params.outcome),
    })),
    noteRefusal: assign((_, params: { outcome: StepUpConfirmationOutput }) => ({
      error: refusalMessage(params.outcome),
    })),
    clearError: assign({ error: null }),
    keepCodes: assign((_, params: { codes: string[] }) => ({ codes: params.codes, isCopied: false })),
    showError: assign((_, params: { error: unknown }) => ({
      error: describeFailure(params.error, []).formError,
    })),
    noteCopied: assign({ isCopied: true }),
    // The clear codes leave memory as soon as the person has them.
    forgetCodes: assign({ codes: [], enrolment: null }),
  },
}).createMachine({
  id: 'recoveryCodes',
  description:
    'Account → Security → “Generate recovery codes” (or “Regenerate”): ten single-use codes for when no ' +
    'other method is at hand. Making them is adding a sign-in method, so the person confirms it’s them ' +
    'first; the codes are then shown once, to copy or download, until they say they saved them.',
  context: ({ input }) => ({
    hasCodes: input.hasCodes,
    enrolment: null,
    codes: [],
    error: null,
    isCopied: false,
  }),
  initial: 'authorizing',
  states: {
    authorizing: {
      description:
        'The step-up dialog asks the person to confirm it’s them (its own chart: stepUpConfirmation); the ' +
        'server then hands out the enrolment token. Closed, nothing happens; refused or expired, the reason ' +
        'shows on the page.',
      invoke: {
        id: 'authorize',
        src: 'authorize',
        input: (): StepUpConfirmationInput<null> => ({ request: null }),
        onDone: [
          {
            guard: { type: 'isAuthorized', params: ({ event }) => ({ outcome: event.output }) },
            target: 'generating',
            actions: { type: 'keepEnrolment', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'isCancelled', params: ({ event }) => ({ outcome: event.output }) },
            target: 'cancelled',
          },
          {
            target: 'refused',
            actions: { type: 'noteRefusal', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
      },
    },
    generating: {
      description:
        'The provider makes a new set of ten (a set already there stops working at once); the dialog says ' +
        '“Generating your recovery codes…”.',
      entry: 'clearError',
      invoke: {
        id: 'generateCodes',
        src: 'generateCodes',
        input: ({ context }) => ({
          // Only entered through isAuthorized, which kept it.
          enrolment: context.enrolment ?? { token: '', baseUrl: '', tenantId: '' },
        }),
        onDone: {
          target: 'showing',
          actions: { type: 'keepCodes', params: ({ event }) => ({ codes: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'No codes were made: the reason with “Try again”; closing the dialog gives up.',
      on: {
        retry: { target: 'generating' },
        'dialog.close': { target: 'cancelled' },
      },
    },
    showing: {
      description:
        'The ten codes, shown this once (the provider keeps only their hashes), with “Copy” and “Download ' +
        '(.txt)”. Each works once. The dialog stays until the person presses “I saved them”.',
      on: {
        'codes.copied': { actions: 'noteCopied' },
        'codes.acknowledge': { target: 'saved', actions: 'forgetCodes' },
      },
    },
    saved: {
      type: 'final',
      description: 'The person saved the codes: the page shows “Recovery codes: 10 of 10 left”.',
    },
    cancelled: {
      type: 'final',
      description: 'The step-up or the dialog was closed before any code was made; nothing changed.',
    },
    refused: {
      type: 'final',
      description: 'The step-up was refused or expired: the page says why; nothing changed.',
    },
  },
  // The final state reached decides the outcome (the done event of the root names it).
  output: ({ context, event }): RecoveryCodesOutput => {
    const reached = event.type.split('.').pop();
    if (reached === 'saved') return { status: 'saved' };
    if (reached === 'refused') return { status: 'refused', message: context.error ?? '' };
    return { status: 'cancelled' };
  },
});

export type RecoveryCodesMachine = typeof recoveryCodesMachine;
