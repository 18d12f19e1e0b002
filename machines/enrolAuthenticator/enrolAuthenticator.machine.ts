import { assertEvent, assign, emit, fromPromise, sendTo, setup } from 'xstate';
import {
  type CodeEntryInput,
  codeEntryMachine,
  type SendCodeInput,
  type SendCodeOutput,
  type VerifyCodeOutput,
} from '../codeEntry';
import { describeFailure } from '../shared/errors';
import { isValidEmail } from '../shared/validation';
import type {
  AppSecret,
  CeremonyMethod,
  CodeCheck,
  ConfirmCodeMethod,
  ContactMethod,
  EnrolAuthenticatorContext,
  EnrolAuthenticatorEmitted,
  EnrolAuthenticatorEvent,
  EnrolAuthenticatorInput,
  EnrolAuthenticatorOutput,
  Enrolment,
  SentTo,
} from './enrolAuthenticator.types';

/** Same rule and words as the provider's EnrollSmsRequestSchema (contract/provider.ts). */
export const PHONE_MESSAGE = 'Enter the phone number in international format, e.g. +14155550123';
export const PHONE_REQUIRED_MESSAGE = 'Enter a phone number';
const PHONE = /^\+[1-9]\d{7,14}$/;

export function addressError(method: ContactMethod, value: string): string | null {
  if (method === 'SMS') {
    const digits = value.trim().replace(/[\s().-]/g, '');
    if (digits === '') return PHONE_REQUIRED_MESSAGE;
    return PHONE.test(digits) ? null : PHONE_MESSAGE;
  }
  return isValidEmail(value) ?? null;
}

const isContact = (method: unknown): method is ContactMethod =>
  method === 'EMAIL_OTP' || method === 'EMAIL_MAGIC_LINK' || method === 'SMS';

const messageOf = (error: unknown) => describeFailure(error, []).formError;

/** What “Send a new code” sends again: the address as typed, on the dialog's enrolment token. */
export interface ResendRequest {
  method: ContactMethod;
  address: string;
  enrolment: Enrolment;
}

/**
 * The first code is confirmed by the code view's own chart (`codeEntry`), with this dialog's settings: the
 * address step already sent the first code to an address (for the app codeEntry asks, and there is nothing
 * to send); a new code can be sent at once, and says where it went; the provider's refusal and a request
 * that got no answer are said under the field.
 */
export function confirmCodeInput(context: EnrolAuthenticatorContext): CodeEntryInput {
  const method = context.method as ConfirmCodeMethod;
  const contact = isContact(method);
  return {
    method,
    sendOnOpen: !contact,
    resendCooldownSeconds: 0,
    resendNotice: `A new code was sent to ${context.sentTo}.`,
    showFailures: true,
    ...(contact
      ? { sendRequest: { method, address: context.address, enrolment: context.enrolment } as ResendRequest }
      : {}),
  };
}

/** The provider's check of a code (`CodeCheck`) as the code view's answer. */
export function codeAnswerOf(check: CodeCheck): VerifyCodeOutput {
  if (check.verified) return { verified: true };
  if (check.message !== undefined) return { error: check.message };
  return check.attemptsRemaining === undefined ? {} : { attemptsRemaining: check.attemptsRemaining };
}

/**
 * `codeEntry` over the dialog's provider calls (`src/` gives them): a resend is the address step's send
 * again (`ResendRequest`), the authenticator app has nothing to send, and a check answers `codeAnswerOf`.
 */
export function provideConfirmCode(calls: {
  sendCode: (request: ResendRequest) => Promise<SentTo>;
  verifyCode: (input: { method: ConfirmCodeMethod; code: string }) => Promise<CodeCheck>;
}) {
  return codeEntryMachine.provide({
    actors: {
      sendCode: fromPromise<SendCodeOutput, SendCodeInput>(async ({ input }) => {
        if (input.request === undefined) return { sent: false };
        await calls.sendCode(input.request as ResendRequest);
        return { sent: true };
      }),
      verifyCode: fromPromise<VerifyCodeOutput, { method: ConfirmCodeMethod; code: string }>(
        async ({ input }) => codeAnswerOf(await calls.verifyCode(input)),
      ),
    },
  });
}

export const enrolAuthenticatorMachine = setup({
  types: {
    context: {} as EnrolAuthenticatorContext,
    events: {} as EnrolAuthenticatorEvent,
    input: {} as EnrolAuthenticatorInput,
    emitted: {} as EnrolAuthenticatorEmitted,
    output: {} as EnrolAuthenticatorOutput,
  },
  actors: {
    /** With the enrolment token: the browser's passkey / security-key ceremony and its registration. */
    registerCredential: fromPromise<void, { method: CeremonyMethod; enrolment: Enrolment }>(async () => {
      throw new Error('not provided: registerCredential');
    }),
    /** With the enrolment token, POST /client/user-authenticators/totp: the otpauth:// URI and secret. */
    startApp: fromPromise<AppSecret, { enrolment: Enrolment }>(async () => {
      throw new Error('not provided: startApp');
    }),
    /** With the enrolment token, the e-mail / SMS / magic-link enrolment, which sends a code or link. */
    sendCode: fromPromise<SentTo, { method: ContactMethod; address: string; enrolment: Enrolment }>(
      async () => {
        throw new Error('not provided: sendCode');
      },
    ),
    /**
     * The first code (its own chart; `src/` provides it with `provideConfirmCode`): a resend, POST
     * /client/verify/{totp,email-otp,sms}.
     */
    codeEntry: codeEntryMachine,
    /** Polls the magic link's status (every 1000 ms) until it was followed; rejects when it expires. */
    waitForLink: fromPromise<void>(async () => {
      throw new Error('not provided: waitForLink');
    }),
  },
  guards: {
    isCeremony: ({ context }) => context.method === 'PASSKEY' || context.method === 'SECURITY_KEY',
    isApp: ({ context }) => context.method === 'AUTHENTICATOR_APP',
    isEmail: ({ context }) => context.method === 'EMAIL_OTP' || context.method === 'EMAIL_MAGIC_LINK',
    isMagicLink: ({ context }) => context.method === 'EMAIL_MAGIC_LINK',
    isEmailOrPhone: ({ context }) => context.method === 'EMAIL_OTP' || context.method === 'SMS',
    isAddressValid: ({ context }) =>
      isContact(context.method) && addressError(context.method, context.address) === null,
  },
  actions: {
    chooseMethod: assign(({ context, event }) => {
      assertEvent(event, ['method.select', 'delivery.select']);
      const address = event.method === 'SMS' ? '' : context.signInEmail;
      return {
        method: event.method,
        // Switching between code and link keeps what was typed.
        address: event.type === 'delivery.select' ? context.address : address,
        addressError: null,
        error: null,
      };
    }),
    forgetMethod: assign({ method: null, error: null, addressError: null, app: null }),
    updateAddress: assign(({ event }) => {
      assertEvent(event, 'address.change');
      return { address: event.value, addressError: null };
    }),
    showAddressError: assign(({ context }) => ({
      addressError: isContact(context.method) ? addressError(context.method, context.address) : null,
    })),
    focusAddress: emit({ type: 'address.focus' as const }),
    showSendError: assign((_, params: { error: unknown }) => ({ addressError: messageOf(params.error) })),
    keepSentTo: assign((_, params: { sent: SentTo }) => ({
      sentTo: params.sent.address,
      error: null,
    })),
    keepApp: assign((_, params: { app: AppSecret }) => ({ app: params.app })),
    showError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearError: assign({ error: null }),
    /** Typing, “Verify” and “Send a new code” go to the code view's chart. */
    forwardToCode: sendTo('codeEntry', ({ event }) => {
      assertEvent(event, ['code.change', 'code.submit', 'code.resend']);
      return event;
    }),
  },
}).createMachine({
  id: 'enrolAuthenticator',
  description:
    '/settings/security → “Add a sign-in method”: the user picks a passkey, a security key, an ' +
    'authenticator app, an e-mail address or a phone number, and the dialog walks them through adding it. ' +
    'It opens only after the user confirmed it’s them (the page’s step-up), with the enrolment token the ' +
    'app server then handed out.',
  context: ({ input }) => ({
    method: null,
    address: '',
    addressError: null,
    sentTo: null,
    app: null,
    error: null,
    signInEmail: input.email,
    enrolment: input.enrolment,
  }),
  initial: 'choosing',
  output: ({ context }) => ({ method: context.method ?? 'PASSKEY' }),
  states: {
    choosing: {
      description: 'The list of methods that can be added, each with one line on what it is.',
      entry: 'forgetMethod',
      on: { 'method.select': { target: 'opening', actions: 'chooseMethod' } },
    },
    opening: {
      description: 'Decides which steps the chosen method needs.',
      always: [
        { guard: 'isCeremony', target: 'registering' },
        { guard: 'isApp', target: 'preparingApp' },
        { target: 'address' },
      ],
    },
    registering: {
      description:
        'The browser asks the user to create a passkey (this device’s screen lock) or to touch a security ' +
        'key; the provider then checks and stores the new credential.',
      entry: 'clearError',
      invoke: {
        id: 'registerCredential',
        src: 'registerCredential',
        input: ({ context }) => ({ method: context.method as CeremonyMethod, enrolment: context.enrolment }),
        onDone: { target: 'enrolled' },
        onError: {
          target: 'registerFailed',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    registerFailed: {
      description:
        'The ceremony was cancelled or refused (already registered, not supported...): the reason with ' +
        '“Try again” and “Choose another method”.',
      on: { retry: { target: 'registering' }, 'method.choose': { target: 'choosing' } },
    },
    preparingApp: {
      description: 'Asking the provider for a new authenticator-app secret.',
      entry: 'clearError',
      invoke: {
        id: 'startApp',
        src: 'startApp',
        input: ({ context }) => ({ enrolment: context.enrolment }),
        onDone: {
          target: 'confirming',
          actions: { type: 'keepApp', params: ({ event }) => ({ app: event.output }) },
        },
        onError: {
          target: 'prepareFailed',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    prepareFailed: {
      description: 'No secret could be made: the reason with “Try again” and “Choose another method”.',
      on: { retry: { target: 'preparingApp' }, 'method.choose': { target: 'choosing' } },
    },
    address: {
      description: 'The e-mail address or phone number that will receive codes (or links).',
      initial: 'editing',
      states: {
        editing: {
          description:
            'The address field (the sign-in address to start with, for e-mail) and, for e-mail, whether to ' +
            'confirm with a code or a link. A malformed address is named under the field; nothing is sent.',
          on: {
            'address.change': { actions: 'updateAddress' },
            'delivery.select': { guard: 'isEmail', actions: 'chooseMethod' },
            'address.submit': [
              { guard: 'isAddressValid', target: 'sending' },
              { actions: ['showAddressError', 'focusAddress'] },
            ],
            'method.choose': { target: '#enrolAuthenticator.choosing' },
          },
        },
        sending: {
          description:
            'The provider adds the address and sends it a first code (or link). A refusal (invalid number, ' +
            'too many codes) is shown under the field.',
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => ({
              method: context.method as ContactMethod,
              address: context.address,
              enrolment: context.enrolment,
            }),
            onDone: [
              {
                guard: 'isMagicLink',
                target: '#enrolAuthenticator.waitingForLink',
                actions: { type: 'keepSentTo', params: ({ event }) => ({ sent: event.output }) },
              },
              {
                target: '#enrolAuthenticator.confirming',
                actions: { type: 'keepSentTo', params: ({ event }) => ({ sent: event.output }) },
              },
            ],
            onError: {
              target: 'editing',
              actions: [
                { type: 'showSendError', params: ({ event }) => ({ error: event.error }) },
                'focusAddress',
              ],
            },
          },
        },
      },
    },
    confirming: {
      description:
        'The first code confirms the method, in the code view’s own chart (codeEntry) with this dialog’s ' +
        'settings: the QR code and secret for an authenticator app, or “Enter the code sent to …” (already ' +
        'sent, so none is sent again). The sixth digit submits; “Send a new code” works at once and says ' +
        '“A new code was sent to …”; the provider’s refusal or “Could not reach the server…” is said under ' +
        'the field.',
      invoke: {
        id: 'codeEntry',
        src: 'codeEntry',
        input: ({ context }) => confirmCodeInput(context),
        onDone: { target: 'enrolled' },
      },
      on: {
        'code.change': { actions: 'forwardToCode' },
        'code.submit': { actions: 'forwardToCode' },
        'code.resend': { guard: 'isEmailOrPhone', actions: 'forwardToCode' },
        'address.edit': { guard: 'isEmailOrPhone', target: 'address.editing' },
      },
    },
    waitingForLink: {
      description:
        '“We sent a link to …”: the dialog checks every second whether it was opened, and moves on by ' +
        'itself when it was.',
      invoke: {
        id: 'waitForLink',
        src: 'waitForLink',
        onDone: { target: 'enrolled' },
        onError: {
          target: 'linkFailed',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'code.resend': { target: 'address.sending' },
        'address.edit': { target: 'address.editing' },
      },
    },
    linkFailed: {
      description: 'The link expired or could not be checked: the reason with “Send a new link”.',
      on: {
        'code.resend': { target: 'address.sending' },
        'address.edit': { target: 'address.editing' },
      },
    },
    enrolled: {
      type: 'final',
      description: 'The method is added and confirmed: the dialog closes and the list shows it.',
    },
  },
});

export type EnrolAuthenticatorMachine = typeof enrolAuthenticatorMachine;
