import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ChallengeOptions } from '../../contract/provider';
import { CHALLENGE_REQUIRED } from '../../contract/stepUp';
import type { StepUpOutcome } from '../challenge/challenge.types';
import { enrolAuthenticatorMachine } from '../enrolAuthenticator';
import type { EnrolAuthenticatorOutput } from '../enrolAuthenticator/enrolAuthenticator.types';
import { describeFailure, isServerFailure } from '../shared/errors';
import type {
  Authenticator,
  SecuritySettingsContext,
  SecuritySettingsEvent,
  SecuritySettingsInput,
  VerificationMethod,
} from './securitySettings.types';

/** How the list names each method. */
export const METHOD_NAMES: Record<VerificationMethod, string> = {
  PASSKEY: 'Passkey',
  SECURITY_KEY: 'Security key',
  AUTHENTICATOR_APP: 'Authenticator app',
  EMAIL_OTP: 'E-mail code',
  EMAIL_MAGIC_LINK: 'E-mail link',
  SMS: 'Text message',
};

const ADDED: Record<VerificationMethod, string> = {
  PASSKEY: 'Passkey added.',
  SECURITY_KEY: 'Security key added.',
  AUTHENTICATOR_APP: 'Authenticator app added.',
  EMAIL_OTP: 'E-mail address added.',
  EMAIL_MAGIC_LINK: 'E-mail address added.',
  SMS: 'Phone number added.',
};

/** When the step-up dialog's token ran out before the person confirmed. */
export const STEP_UP_EXPIRED_MESSAGE = 'The confirmation took too long and expired. Try again.';

/** The challenge options of a CHALLENGE_REQUIRED refusal, or null for any other failure. */
export function challengeOf(error: unknown): ChallengeOptions | null {
  if (!isServerFailure(error) || error.errorCode !== CHALLENGE_REQUIRED) return null;
  return (error as { challenge?: ChallengeOptions }).challenge ?? null;
}

/** “Passkey”, or the address/number for e-mail and text messages. */
export function authenticatorName(authenticator: Authenticator): string {
  const method = METHOD_NAMES[authenticator.verificationMethod];
  const detail = authenticator.email ?? authenticator.phoneNumber;
  return detail ? `${method} (${detail})` : method;
}

export const securitySettingsMachine = setup({
  types: {
    context: {} as SecuritySettingsContext,
    events: {} as SecuritySettingsEvent,
    input: {} as SecuritySettingsInput,
  },
  actors: {
    /** GET /api/security/authenticators; `src/` provides it. */
    loadAuthenticators: fromPromise<Authenticator[]>(async () => {
      throw new Error('not provided: loadAuthenticators');
    }),
    /**
     * DELETE /api/security/authenticators/:id, with the verified step-up token in X-Step-Up-Token once there
     * is one; `src/` provides it. Rejects with the server's refusal (403 CHALLENGE_REQUIRED carries the
     * challenge options).
     */
    removeAuthenticator: fromPromise<void, { id: string; stepUpToken: string | null }>(async () => {
      throw new Error('not provided: removeAuthenticator');
    }),
    /** Opens the step-up challenge dialog; resolves how it ended. `src/` provides it. */
    confirmIdentity: fromPromise<StepUpOutcome, ChallengeOptions>(async () => {
      throw new Error('not provided: confirmIdentity');
    }),
    /** The add dialog's chart; `src/` provides its provider calls. */
    enrolAuthenticator: enrolAuthenticatorMachine,
  },
  guards: {
    isListed: ({ context, event }) => {
      assertEvent(event, 'remove.request');
      return context.authenticators.some((a) => a.userAuthenticatorId === event.id);
    },
    isGone: (_, params: { error: unknown }) => isServerFailure(params.error) && params.error.status === 404,
    hasNotice: ({ context }) => context.notice !== null,
    isChallengeRequired: (_, params: { error: unknown }) => challengeOf(params.error) !== null,
    isConfirmed: (_, params: { outcome: StepUpOutcome }) => params.outcome.status === 'succeeded',
    isExpired: (_, params: { outcome: StepUpOutcome }) => params.outcome.status === 'expired',
  },
  actions: {
    showList: assign((_, params: { authenticators: Authenticator[] }) => ({
      authenticators: params.authenticators,
      loadError: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({
      loadError: describeFailure(params.error, []).formError,
    })),
    noteRefreshFailed: assign((_, params: { error: unknown }) => ({
      notice: {
        tone: 'error' as const,
        text: `The list could not be refreshed. ${describeFailure(params.error, []).formError ?? ''}`.trim(),
      },
    })),
    noteAdded: assign((_, params: { output: EnrolAuthenticatorOutput }) => ({
      notice: { tone: 'success' as const, text: ADDED[params.output.method] },
    })),
    pickRemoval: assign(({ context, event }) => {
      assertEvent(event, 'remove.request');
      return {
        removal: context.authenticators.find((a) => a.userAuthenticatorId === event.id) ?? null,
        removeError: null,
        notice: null,
      };
    }),
    dropRemoved: assign(({ context }) => ({
      authenticators: context.authenticators.filter(
        (a) => a.userAuthenticatorId !== context.removal?.userAuthenticatorId,
      ),
      notice: {
        tone: 'success' as const,
        text: `${context.removal ? authenticatorName(context.removal) : 'The method'} was removed.`,
      },
      removal: null,
      removeError: null,
      challenge: null,
      stepUpToken: null,
    })),
    showRemoveError: assign((_, params: { error: unknown }) => ({
      removeError: describeFailure(params.error, []).formError,
    })),
    forgetRemoval: assign({ removal: null, removeError: null, challenge: null, stepUpToken: null }),
    keepChallenge: assign((_, params: { error: unknown }) => ({ challenge: challengeOf(params.error) })),
    keepStepUpToken: assign((_, params: { outcome: StepUpOutcome }) => ({
      stepUpToken: params.outcome.status === 'succeeded' ? params.outcome.token : null,
    })),
    forgetStepUp: assign({ challenge: null, stepUpToken: null }),
    showExpired: assign({ removeError: STEP_UP_EXPIRED_MESSAGE }),
    clearNotice: assign({ notice: null }),
    clearRemoveError: assign({ removeError: null }),
  },
}).createMachine({
  id: 'securitySettings',
  description:
    'Account → Security: the sign-in methods the user can confirm it’s them with before risky actions ' +
    '(passkeys, security keys, authenticator apps, e-mail addresses, phone numbers), adding one and ' +
    'removing one.',
  context: ({ input }) => ({
    email: input.email,
    authenticators: [],
    loadError: null,
    notice: null,
    removal: null,
    removeError: null,
    challenge: null,
    stepUpToken: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking the app server for the user’s sign-in methods.',
      invoke: {
        id: 'loadAuthenticators',
        src: 'loadAuthenticators',
        onDone: {
          target: 'ready',
          actions: { type: 'showList', params: ({ event }) => ({ authenticators: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The list could not be loaded: the reason with “Try again”.',
      on: { retry: { target: 'loading' } },
    },
    ready: {
      description:
        'The list (method, address or device, when it was added and last used) or, without any, an empty ' +
        'state that explains what they are for. “Add a sign-in method” opens the add dialog.',
      initial: 'idle',
      on: { 'notice.dismiss': { guard: 'hasNotice', actions: 'clearNotice' } },
      states: {
        idle: {
          description: 'Nothing is open.',
          on: {
            'add.start': { target: 'adding', actions: 'clearNotice' },
            'remove.request': { guard: 'isListed', target: 'confirmingRemoval', actions: 'pickRemoval' },
          },
        },
        adding: {
          description: 'The add dialog is open (its own chart: enrolAuthenticator). Closing it cancels.',
          invoke: {
            id: 'enrolAuthenticator',
            src: 'enrolAuthenticator',
            input: ({ context }) => ({ email: context.email }),
            onDone: {
              target: 'refreshing',
              actions: { type: 'noteAdded', params: ({ event }) => ({ output: event.output }) },
            },
          },
          on: { 'add.cancel': { target: 'idle' } },
        },
        refreshing: {
          description: '“… added.”: the list is loaded again to show the new method.',
          invoke: {
            id: 'refreshAuthenticators',
            src: 'loadAuthenticators',
            onDone: {
              target: 'idle',
              actions: { type: 'showList', params: ({ event }) => ({ authenticators: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'noteRefreshFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        confirmingRemoval: {
          description:
            '“Remove …?” asks to confirm, saying the method can no longer be used to confirm it’s you.',
          on: {
            'remove.confirm': { target: 'removing' },
            'remove.cancel': { target: 'idle', actions: 'forgetRemoval' },
          },
        },
        removing: {
          description:
            'Removing is a risky action: the server may answer that the person must confirm it’s them first ' +
            '(CHALLENGE_REQUIRED). A refusal stays in the confirmation; a method already gone leaves the list.',
          entry: 'clearRemoveError',
          invoke: {
            id: 'removeAuthenticator',
            src: 'removeAuthenticator',
            input: ({ context }) => ({
              id: context.removal?.userAuthenticatorId ?? '',
              stepUpToken: context.stepUpToken,
            }),
            onDone: { target: 'idle', actions: 'dropRemoved' },
            onError: [
              {
                guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: 'dropRemoved',
              },
              {
                guard: { type: 'isChallengeRequired', params: ({ event }) => ({ error: event.error }) },
                target: 'confirmingIdentity',
                actions: [
                  'forgetStepUp',
                  { type: 'keepChallenge', params: ({ event }) => ({ error: event.error }) },
                ],
              },
              {
                target: 'confirmingRemoval',
                actions: [
                  'forgetStepUp',
                  { type: 'showRemoveError', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
        confirmingIdentity: {
          description:
            'The step-up dialog asks the person to confirm it’s them. Confirmed, the removal is sent again with ' +
            'the verified token; cancelled, the confirmation is as before; expired, it says so.',
          invoke: {
            id: 'confirmIdentity',
            src: 'confirmIdentity',
            input: ({ context }) => context.challenge as ChallengeOptions,
            onDone: [
              {
                guard: { type: 'isConfirmed', params: ({ event }) => ({ outcome: event.output }) },
                target: 'removing',
                actions: { type: 'keepStepUpToken', params: ({ event }) => ({ outcome: event.output }) },
              },
              {
                guard: { type: 'isExpired', params: ({ event }) => ({ outcome: event.output }) },
                target: 'confirmingRemoval',
                actions: ['forgetStepUp', 'showExpired'],
              },
              { target: 'confirmingRemoval', actions: 'forgetStepUp' },
            ],
            onError: {
              target: 'confirmingRemoval',
              actions: [
                'forgetStepUp',
                { type: 'showRemoveError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
  },
});

export type SecuritySettingsMachine = typeof securitySettingsMachine;
