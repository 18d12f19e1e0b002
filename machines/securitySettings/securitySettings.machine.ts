import { EnrollmentTokenResponseSchema } from '@contract/provider';
import { VERIFICATION_METHOD_NAMES } from '@contract/securityNotices';
import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { enrolAuthenticatorMachine } from '../enrolAuthenticator';
import type { EnrolAuthenticatorOutput } from '../enrolAuthenticator/enrolAuthenticator.types';
import { type RecoveryCodesOutput, recoveryCodesMachine } from '../recoveryCodes';
import { describeFailure, isServerFailure } from '../shared/errors';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import {
  STEP_UP_EXPIRED_MESSAGE,
  type StepUpConfirmationInput,
  type StepUpConfirmationOutput,
  stepUpConfirmationMachine,
} from '../stepUpConfirmation';
import type {
  Authenticator,
  SecuritySettingsContext,
  SecuritySettingsEvent,
  SecuritySettingsInput,
  VerificationMethod,
} from './securitySettings.types';

/** How the list names each method (one table with the notice and e-mail of an addition). */
export const METHOD_NAMES = VERIFICATION_METHOD_NAMES;

const ADDED: Record<VerificationMethod, string> = {
  PASSKEY: 'Passkey added.',
  SECURITY_KEY: 'Security key added.',
  AUTHENTICATOR_APP: 'Authenticator app added.',
  EMAIL_OTP: 'E-mail address added.',
  EMAIL_MAGIC_LINK: 'E-mail address added.',
  SMS: 'Phone number added.',
  RECOVERY_CODE: 'Recovery codes saved.',
};

/** When the step-up dialog's token ran out before the person confirmed (the step-up chart's text). */
export { STEP_UP_EXPIRED_MESSAGE };

/** The refusal of a removal that ended refused, else null. */
const refusalOf = (outcome: StepUpConfirmationOutput) =>
  outcome.status === 'refused' ? outcome.error : null;

/** “Passkey”, or the address/number for e-mail and text messages. */
export function authenticatorName(authenticator: Authenticator): string {
  if (authenticator.verificationMethod === 'RECOVERY_CODE') return 'your recovery codes';
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
     * DELETE /api/security/authenticators/:id, a risky action: the step-up confirmation chart, whose request
     * (with the verified token in X-Step-Up-Token once there is one) and dialog `src/` provides
     * (`provideStepUpConfirmation`). Ends with how it went.
     */
    removeAuthenticator: stepUpConfirmationMachine,
    /**
     * POST /api/security/enrollment-token, a risky action (`addAuthenticator`): the step-up confirmation
     * chart again, whose request `src/` provides. Sent, its response is the enrolment token.
     */
    authorizeAdding: stepUpConfirmationMachine,
    /** The add dialog's chart; `src/` provides its provider calls. */
    enrolAuthenticator: enrolAuthenticatorMachine,
    /** Generating recovery codes (step-up first, then shown once); `src/` provides its calls. */
    recoveryCodes: recoveryCodesMachine,
  },
  guards: {
    isListed: ({ context, event }) => {
      assertEvent(event, 'remove.request');
      return context.authenticators.some((a) => a.userAuthenticatorId === event.id);
    },
    hasNotice: ({ context }) => context.notice !== null,
    isRemoved: (_, params: { outcome: StepUpConfirmationOutput }) => params.outcome.status === 'sent',
    isAuthorized: (_, params: { outcome: StepUpConfirmationOutput }) =>
      params.outcome.status === 'sent' && v.is(EnrollmentTokenResponseSchema, params.outcome.response),
    isGone: (_, params: { outcome: StepUpConfirmationOutput }) => {
      const error = refusalOf(params.outcome);
      return isServerFailure(error) && error.status === 404;
    },
    isRefused: (_, params: { outcome: StepUpConfirmationOutput }) => params.outcome.status === 'refused',
    isExpired: (_, params: { outcome: StepUpConfirmationOutput }) => params.outcome.status === 'expired',
    isCancelled: (_, params: { outcome: StepUpConfirmationOutput }) => params.outcome.status === 'cancelled',
    isCodesSaved: (_, params: { outcome: RecoveryCodesOutput }) => params.outcome.status === 'saved',
    isCodesCancelled: (_, params: { outcome: RecoveryCodesOutput }) => params.outcome.status === 'cancelled',
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
    keepEnrolment: assign((_, params: { outcome: StepUpConfirmationOutput }) => ({
      enrolment:
        params.outcome.status === 'sent' && v.is(EnrollmentTokenResponseSchema, params.outcome.response)
          ? params.outcome.response
          : null,
    })),
    forgetEnrolment: assign({ enrolment: null }),
    noteAddRefused: assign((_, params: { outcome: StepUpConfirmationOutput }) => ({
      notice: {
        tone: 'error' as const,
        text:
          params.outcome.status === 'expired'
            ? STEP_UP_EXPIRED_MESSAGE
            : (describeFailure(refusalOf(params.outcome), []).formError ??
              'The sign-in method could not be added. Try again.'),
      },
    })),
    noteAdded: assign((_, params: { output: EnrolAuthenticatorOutput }) => ({
      notice: { tone: 'success' as const, text: ADDED[params.output.method] },
    })),
    noteCodesSaved: assign({
      notice: { tone: 'success' as const, text: 'Recovery codes saved. Each one works once.' },
    }),
    noteCodesRefused: assign((_, params: { outcome: RecoveryCodesOutput }) => ({
      notice: {
        tone: 'error' as const,
        text:
          (params.outcome.status === 'refused' && params.outcome.message) ||
          'Recovery codes could not be generated. Try again.',
      },
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
        text:
          context.removal?.verificationMethod === 'RECOVERY_CODE'
            ? 'Your recovery codes were removed.'
            : `${context.removal ? authenticatorName(context.removal) : 'The method'} was removed.`,
      },
      removal: null,
      removeError: null,
    })),
    showRemoveError: assign((_, params: { outcome: StepUpConfirmationOutput }) => ({
      removeError: describeFailure(refusalOf(params.outcome), []).formError,
    })),
    forgetRemoval: assign({ removal: null, removeError: null }),
    showExpired: assign({ removeError: STEP_UP_EXPIRED_MESSAGE }),
    clearNotice: assign({ notice: null }),
    clearRemoveError: assign({ removeError: null }),
  },
}).createMachine({
  id: 'securitySettings',
  description:
    'Account → Security: the sign-in methods the user can confirm it’s them with before risky actions ' +
    '(passkeys, security keys, authenticator apps, e-mail addresses, phone numbers, recovery codes), adding ' +
    'one and removing one.',
  context: ({ input }) => ({
    email: input.email,
    authenticators: [],
    loadError: null,
    notice: null,
    removal: null,
    removeError: null,
    enrolment: null,
  }),
  initial: 'loading',
  states: {
    ...loadStates({
      actor: 'loadAuthenticators',
      names: { failed: 'loadFailed' },
      descriptions: {
        loading: 'Asking the app server for the user’s sign-in methods.',
        failed: 'The list could not be loaded: the reason with “Try again”.',
      },
      onDone: {
        target: 'ready',
        actions: {
          type: 'showList',
          params: ({ event }: LoadDone<Authenticator[]>) => ({ authenticators: event.output }),
        },
      },
      failAction: { type: 'showLoadError', params: errorParams },
      retry: { event: 'retry' },
    }),
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
            'add.start': { target: 'authorizingAdd', actions: 'clearNotice' },
            'codes.start': { target: 'managingCodes', actions: 'clearNotice' },
            'remove.request': { guard: 'isListed', target: 'confirmingRemoval', actions: 'pickRemoval' },
          },
        },
        authorizingAdd: {
          description:
            'Adding a sign-in method is a risky action: a new method passes every later confirmation, so ' +
            'the person first confirms it’s them with a method they already have (without any, a code to ' +
            'the sign-in address) in the step-up dialog (its own chart: stepUpConfirmation), and the server ' +
            'then hands out the enrolment token. Closed, nothing opens; refused or expired, the reason shows ' +
            'above the list.',
          invoke: {
            id: 'authorizeAdding',
            src: 'authorizeAdding',
            input: (): StepUpConfirmationInput<null> => ({ request: null }),
            onDone: [
              {
                guard: { type: 'isAuthorized', params: ({ event }) => ({ outcome: event.output }) },
                target: 'adding',
                actions: { type: 'keepEnrolment', params: ({ event }) => ({ outcome: event.output }) },
              },
              {
                guard: { type: 'isCancelled', params: ({ event }) => ({ outcome: event.output }) },
                target: 'idle',
              },
              {
                target: 'idle',
                actions: { type: 'noteAddRefused', params: ({ event }) => ({ outcome: event.output }) },
              },
            ],
          },
        },
        adding: {
          description:
            'The add dialog is open (its own chart: enrolAuthenticator), on the enrolment token. Closing it ' +
            'cancels.',
          exit: 'forgetEnrolment',
          invoke: {
            id: 'enrolAuthenticator',
            src: 'enrolAuthenticator',
            input: ({ context }) => ({
              email: context.email,
              // Only entered through isAuthorized, which kept it.
              enrolment: context.enrolment ?? { token: '', baseUrl: '', tenantId: '' },
            }),
            onDone: {
              target: 'refreshing',
              actions: { type: 'noteAdded', params: ({ event }) => ({ output: event.output }) },
            },
          },
          on: { 'add.cancel': { target: 'idle' } },
        },
        managingCodes: {
          description:
            'Generating recovery codes (its own chart: recoveryCodes): the step-up first, then the new set ' +
            'shown once. Saved, the list is loaded again to show “Recovery codes: 10 of 10 left”; given up, ' +
            'nothing changed; refused, the reason shows above the list.',
          invoke: {
            id: 'recoveryCodes',
            src: 'recoveryCodes',
            input: ({ context }) => ({
              hasCodes: context.authenticators.some((a) => a.verificationMethod === 'RECOVERY_CODE'),
            }),
            onDone: [
              {
                guard: { type: 'isCodesSaved', params: ({ event }) => ({ outcome: event.output }) },
                target: 'refreshing',
                actions: 'noteCodesSaved',
              },
              {
                guard: { type: 'isCodesCancelled', params: ({ event }) => ({ outcome: event.output }) },
                target: 'idle',
              },
              {
                target: 'idle',
                actions: { type: 'noteCodesRefused', params: ({ event }) => ({ outcome: event.output }) },
              },
            ],
          },
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
            'Removing is a risky action: the server may first want the person to confirm it’s them ' +
            '(CHALLENGE_REQUIRED), and the step-up dialog opens over the confirmation (its own chart: ' +
            'stepUpConfirmation), whose buttons wait. A refusal stays in the confirmation; a method already ' +
            'gone leaves the list; a closed dialog leaves the confirmation as it was; an expired one says so.',
          entry: 'clearRemoveError',
          invoke: {
            id: 'removeAuthenticator',
            src: 'removeAuthenticator',
            input: ({ context }): StepUpConfirmationInput<{ id: string }> => ({
              request: { id: context.removal?.userAuthenticatorId ?? '' },
            }),
            onDone: [
              {
                guard: { type: 'isRemoved', params: ({ event }) => ({ outcome: event.output }) },
                target: 'idle',
                actions: 'dropRemoved',
              },
              {
                guard: { type: 'isGone', params: ({ event }) => ({ outcome: event.output }) },
                target: 'idle',
                actions: 'dropRemoved',
              },
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
                target: 'confirmingRemoval',
                actions: { type: 'showRemoveError', params: ({ event }) => ({ outcome: event.output }) },
              },
              {
                guard: { type: 'isExpired', params: ({ event }) => ({ outcome: event.output }) },
                target: 'confirmingRemoval',
                actions: 'showExpired',
              },
              { target: 'confirmingRemoval' },
            ],
          },
        },
      },
    },
  },
});

export type SecuritySettingsMachine = typeof securitySettingsMachine;
