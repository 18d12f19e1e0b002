import { assertEvent, assign, emit, setup } from 'xstate';
import { codeEntryMachine } from '../codeEntry/codeEntry.machine';
import { TOKEN_LIFETIME_MS } from '../delays';
import { magicLinkMachine } from '../magicLink/magicLink.machine';
import { recoveryCodeEntryMachine } from '../recoveryCodeEntry/recoveryCodeEntry.machine';
import { webauthnCeremonyMachine } from '../webauthnCeremony/webauthnCeremony.machine';
import type { ChallengeContext, ChallengeEmitted, ChallengeEvent, ChallengeOptions } from './challenge.types';
import { METHOD_ORDER, type VerificationMethod } from './methods';

/** The chooser's list: the allowed methods in the chooser's order, or all of them when no list is given. */
export function allowedMethods(options: ChallengeOptions): readonly VerificationMethod[] {
  const list = options.verificationMethods;
  if (!list) return METHOD_ORDER;
  return METHOD_ORDER.filter((method) => list.includes(method));
}

/** The view that opens first: the default method when allowed, the only method, or the chooser (null). */
export function initialMethod(options: ChallengeOptions): VerificationMethod | null {
  const methods = allowedMethods(options);
  const preferred = options.defaultVerificationMethod;
  if (preferred && methods.includes(preferred)) return preferred;
  return methods.length === 1 ? (methods[0] ?? null) : null;
}

/** Spec section 4: the chooser can be reached from a method view with 3+ methods or when no list was given. */
export const canReturnToChooser = (context: Pick<ChallengeContext, 'methods' | 'isListGiven'>) =>
  !context.isListGiven || context.methods.length >= 3;

type MethodState =
  | 'passkey'
  | 'securityKey'
  | 'authenticatorApp'
  | 'emailOtp'
  | 'emailMagicLink'
  | 'sms'
  | 'recoveryCode';
export const METHOD_STATES: Record<VerificationMethod, MethodState> = {
  PASSKEY: 'passkey',
  SECURITY_KEY: 'securityKey',
  AUTHENTICATOR_APP: 'authenticatorApp',
  EMAIL_OTP: 'emailOtp',
  EMAIL_MAGIC_LINK: 'emailMagicLink',
  SMS: 'sms',
  RECOVERY_CODE: 'recoveryCode',
};

/** `routing` sends the dialog to the selected method's view, or to the chooser. */
const routes = METHOD_ORDER.map((method) => ({
  guard: { type: 'isSelected' as const, params: { method } },
  target: METHOD_STATES[method],
}));

/** Every method view ends the same way: its token closes the dialog with success. */
const succeed = {
  target: '#challenge.closed',
  actions: {
    type: 'reportSuccess' as const,
    params: ({ event }: { event: { output: { token: string } } }) => event.output,
  },
};

export const challengeMachine = setup({
  types: {
    context: {} as ChallengeContext,
    events: {} as ChallengeEvent,
    emitted: {} as ChallengeEmitted,
  },
  actors: {
    codeEntry: codeEntryMachine,
    webauthnCeremony: webauthnCeremonyMachine,
    magicLink: magicLinkMachine,
    recoveryCodeEntry: recoveryCodeEntryMachine,
  },
  delays: {
    tokenLifetime: ({ context }) => context.lifetimeMs,
  },
  guards: {
    hasToken: ({ event }) => {
      assertEvent(event, 'challenge.open');
      return event.options.token.trim() !== '';
    },
    isAllowed: ({ context, event }) => {
      assertEvent(event, 'method.select');
      return context.methods.includes(event.method);
    },
    isSelected: ({ context }, params: { method: VerificationMethod }) => context.method === params.method,
    canReturnToChooser: ({ context }) => canReturnToChooser(context),
  },
  actions: {
    takeOptions: assign(({ event }) => {
      assertEvent(event, 'challenge.open');
      return {
        options: event.options,
        methods: allowedMethods(event.options),
        isListGiven: Boolean(event.options.verificationMethods),
        method: initialMethod(event.options),
        lifetimeMs: event.lifetimeMs ?? TOKEN_LIFETIME_MS,
      };
    }),
    selectMethod: assign(({ event }) => {
      assertEvent(event, 'method.select');
      return { method: event.method };
    }),
    clearMethod: assign({ method: null }),
    forget: assign({ options: null, method: null, methods: [], isListGiven: false }),
    reportSuccess: emit((_, params: { token: string }) => ({
      type: 'challenge.succeeded' as const,
      token: params.token,
    })),
    reportCancel: emit({ type: 'challenge.cancelled' as const }),
    reportExpiry: emit({ type: 'challenge.expired' as const }),
  },
}).createMachine({
  id: 'challenge',
  description:
    'The step-up dialog “Confirm it’s you”: it opens with the challenge options of a CHALLENGE_REQUIRED answer, ' +
    'lets the person pick an allowed method and closes with the verified token, when they close it, or when ' +
    'the token expires.',
  context: { options: null, methods: [], isListGiven: false, method: null, lifetimeMs: TOKEN_LIFETIME_MS },
  initial: 'closed',
  states: {
    closed: {
      description: 'No challenge is running; the page behind works as usual.',
      entry: 'forget',
      on: { 'challenge.open': { guard: 'hasToken', target: 'open', actions: 'takeOptions' } },
    },
    open: {
      description:
        'The dialog is shown (a modal from 768 px wide, a bottom drawer below). Closing it cancels; the ' +
        'token’s expiry closes it too.',
      initial: 'routing',
      after: { tokenLifetime: { target: 'closed', actions: 'reportExpiry' } },
      on: {
        'dialog.close': { target: 'closed', actions: 'reportCancel' },
        'token.expire': { target: 'closed', actions: 'reportExpiry' },
        'method.select': { guard: 'isAllowed', target: '.routing', actions: 'selectMethod' },
        'method.choose': { guard: 'canReturnToChooser', target: '.choosing', actions: 'clearMethod' },
      },
      states: {
        routing: {
          description: 'Opens the default method, the only method, or the one just picked; else the chooser.',
          always: [...routes, { target: 'choosing' }],
        },
        choosing: {
          description: '“Select an authentication method”: one button per allowed method (all when no list).',
        },
        passkey: {
          description: 'Passkey view: the browser’s passkey prompt.',
          invoke: {
            id: 'methodView',
            src: 'webauthnCeremony',
            input: { method: 'PASSKEY' },
            onDone: succeed,
          },
        },
        securityKey: {
          description: 'Security-key view: the browser’s security-key prompt.',
          invoke: {
            id: 'methodView',
            src: 'webauthnCeremony',
            input: { method: 'SECURITY_KEY' },
            onDone: succeed,
          },
        },
        authenticatorApp: {
          description: '“Enter the code from your authenticator app to proceed.”',
          invoke: {
            id: 'methodView',
            src: 'codeEntry',
            input: { method: 'AUTHENTICATOR_APP' },
            onDone: succeed,
          },
        },
        emailOtp: {
          description: '“Enter the code sent to {email} to proceed.” The code is e-mailed as the view opens.',
          invoke: { id: 'methodView', src: 'codeEntry', input: { method: 'EMAIL_OTP' }, onDone: succeed },
        },
        emailMagicLink: {
          description: '“A verification link was sent to {email}. Click the link to proceed.”',
          invoke: { id: 'methodView', src: 'magicLink', onDone: succeed },
        },
        sms: {
          description: '“Enter the code sent to {phone} to proceed.” The code is texted as the view opens.',
          invoke: { id: 'methodView', src: 'codeEntry', input: { method: 'SMS' }, onDone: succeed },
        },
        recoveryCode: {
          description:
            '“Enter one of your recovery codes to proceed.” The last method offered: each saved code works ' +
            'once (its own chart: recoveryCodeEntry).',
          invoke: { id: 'methodView', src: 'recoveryCodeEntry', onDone: succeed },
        },
      },
    },
  },
});

export type ChallengeMachine = typeof challengeMachine;
