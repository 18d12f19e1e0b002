import type { ChallengeOptions } from '@contract/provider';
import { CHALLENGE_REQUIRED } from '@contract/stepUp';
import { assign, type DoneStateEvent, fromPromise, setup } from 'xstate';
import { isServerFailure } from '../shared/errors';
import type {
  SendRequestInput,
  StepUpConfirmationContext,
  StepUpConfirmationInput,
  StepUpConfirmationOutput,
  StepUpOutcome,
} from './stepUpConfirmation.types';

/** The challenge options of a CHALLENGE_REQUIRED refusal, or null for any other failure. */
export function challengeOf(error: unknown): ChallengeOptions | null {
  if (!isServerFailure(error) || error.errorCode !== CHALLENGE_REQUIRED) return null;
  return (error as { challenge?: ChallengeOptions }).challenge ?? null;
}

export const stepUpConfirmationMachine = setup({
  types: {
    context: {} as StepUpConfirmationContext,
    input: {} as StepUpConfirmationInput,
    output: {} as StepUpConfirmationOutput,
  },
  actors: {
    /**
     * Sends the invoking chart's request, with the verified token in X-Step-Up-Token once there is one;
     * `src/` provides it (`provideStepUpConfirmation`). Rejects with the server's refusal.
     */
    sendRequest: fromPromise<unknown, SendRequestInput>(async () => {
      throw new Error('not provided: sendRequest');
    }),
    /** Opens the step-up dialog with the server's challenge; `src/` provides it. Resolves how it ended. */
    confirmIdentity: fromPromise<StepUpOutcome, ChallengeOptions>(async () => {
      throw new Error('not provided: confirmIdentity');
    }),
  },
  guards: {
    isChallengeRequired: (_, params: { error: unknown }) => challengeOf(params.error) !== null,
    isConfirmed: (_, params: { outcome: StepUpOutcome }) => params.outcome.status === 'succeeded',
    isExpired: (_, params: { outcome: StepUpOutcome }) => params.outcome.status === 'expired',
  },
  actions: {
    keepResponse: assign((_, params: { response: unknown }) => ({ response: params.response })),
    keepRefusal: assign((_, params: { error: unknown }) => ({ error: params.error })),
    keepChallenge: assign((_, params: { error: unknown }) => ({ challenge: challengeOf(params.error) })),
    keepStepUpToken: assign((_, params: { outcome: StepUpOutcome }) => ({
      stepUpToken: params.outcome.status === 'succeeded' ? params.outcome.token : null,
    })),
    forgetStepUp: assign({ challenge: null, stepUpToken: null }),
  },
}).createMachine({
  id: 'stepUpConfirmation',
  description:
    'A risky request (launching, resuming or deleting a campaign, deleting a customer, removing a sign-in ' +
    'method) on its way to the server. When the server first wants the person to confirm it’s them, the ' +
    '“Confirm it’s you” dialog opens; once confirmed, the same request goes again with the proof. The ' +
    'screen that asked (a modal, the security settings) decides what to show for each ending.',
  context: ({ input }) => ({
    request: input.request,
    challenge: null,
    stepUpToken: null,
    response: null,
    error: null,
  }),
  initial: 'sending',
  output: ({ event }) => (event as DoneStateEvent<StepUpConfirmationOutput>).output,
  states: {
    sending: {
      description:
        'The request is with the server — the second time with the proof that the person confirmed it’s ' +
        'them (the X-Step-Up-Token header, good for this one request).',
      invoke: {
        id: 'sendRequest',
        src: 'sendRequest',
        input: ({ context }) => ({ request: context.request, stepUpToken: context.stepUpToken }),
        onDone: {
          target: 'sent',
          actions: { type: 'keepResponse', params: ({ event }) => ({ response: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isChallengeRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'confirming',
            actions: [
              'forgetStepUp',
              { type: 'keepChallenge', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            target: 'refused',
            actions: [
              'forgetStepUp',
              { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    confirming: {
      description:
        'The server asked the person to confirm it’s them (CHALLENGE_REQUIRED): the “Confirm it’s you” ' +
        'dialog is open over the screen, with the methods the server offered. Confirmed, the request is ' +
        'sent again; closed, nothing is done; if the confirmation takes too long, it expires.',
      invoke: {
        id: 'confirmIdentity',
        src: 'confirmIdentity',
        input: ({ context }) => context.challenge as ChallengeOptions,
        onDone: [
          {
            guard: { type: 'isConfirmed', params: ({ event }) => ({ outcome: event.output }) },
            target: 'sending',
            actions: { type: 'keepStepUpToken', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'isExpired', params: ({ event }) => ({ outcome: event.output }) },
            target: 'expired',
            actions: 'forgetStepUp',
          },
          { target: 'cancelled', actions: 'forgetStepUp' },
        ],
        onError: {
          target: 'refused',
          actions: ['forgetStepUp', { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    sent: {
      type: 'final',
      description: 'The server did it. The screen that asked moves on (the modal closes, the list updates).',
      output: ({ context }) => ({ status: 'sent' as const, response: context.response }),
    },
    refused: {
      type: 'final',
      description:
        'The server refused for another reason (nothing to confirm would change it), or the dialog could ' +
        'not open (no connection): the screen that asked shows why.',
      output: ({ context }) => ({ status: 'refused' as const, error: context.error }),
    },
    cancelled: {
      type: 'final',
      description: 'The person closed the dialog: nothing was done, the screen that asked is as it was.',
      output: { status: 'cancelled' as const },
    },
    expired: {
      type: 'final',
      description:
        'The confirmation took too long (the challenge lasts 10 minutes): the screen that asked says “The ' +
        'confirmation took too long and expired. Try again.”',
      output: { status: 'expired' as const },
    },
  },
});

export type StepUpConfirmationMachine = typeof stepUpConfirmationMachine;

/**
 * The step-up confirmation with its two actors, for a chart's `provide`: `send` makes the chart's request
 * (with `stepUpToken` in X-Step-Up-Token when not null), `confirmIdentity` opens the dialog.
 */
export function provideStepUpConfirmation<TRequest>(services: {
  send: (input: SendRequestInput<TRequest>) => Promise<unknown>;
  confirmIdentity: (challenge: ChallengeOptions) => Promise<StepUpOutcome>;
}): StepUpConfirmationMachine {
  return stepUpConfirmationMachine.provide({
    actors: {
      sendRequest: fromPromise<unknown, SendRequestInput>(({ input }) =>
        services.send(input as SendRequestInput<TRequest>),
      ),
      confirmIdentity: fromPromise<StepUpOutcome, ChallengeOptions>(({ input }) =>
        services.confirmIdentity(input),
      ),
    },
  });
}
