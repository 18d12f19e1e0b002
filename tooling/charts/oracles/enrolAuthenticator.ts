/**
 * What each step of “Add a sign-in method” (/settings/security) promises (chart input: the user's address
 * dana@example.com). Written from the spec of the dialog: the chooser's five entries; a passkey or security
 * key is added by the browser's ceremony, an authenticator app by a first code from the app, an e-mail
 * address or phone number by a first code (or, for e-mail, a link) sent there. Failures are said in the
 * server's words, or as “Could not reach the server…” when no answer came. The first code is typed in the
 * code view's chart (codeEntry), started with this dialog's settings; what it promises with them (no code
 * sent again, a new one at once with “A new code was sent to …”, refusals and failures said under the field)
 * is `codeEntryEnrolmentOracle` (tests/machines/codeEntry.enrolment.paths.test.ts).
 */
import { connectEnrolAuthenticator } from '@machines/enrolAuthenticator/enrolAuthenticator.connect';
import { enrolAuthenticatorMachine } from '@machines/enrolAuthenticator/enrolAuthenticator.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleStep } from '../oracle';
import { emailMessage, formMessage, sentBy } from './shared';

type Machine = typeof enrolAuthenticatorMachine;
type Step = OracleStep<Machine>;

const EMAIL = 'dana@example.com';
const view = (step: Step) => connectEnrolAuthenticator(step.snapshot, () => {});

type EnrolView = ReturnType<typeof view>;
/** Each control of the dialog and the event the spec has it send. */
const COMMANDS: [string, (shown: EnrolView) => void, Record<string, string>][] = [
  ['a chooser entry', (v) => v.selectMethod('SMS'), { type: 'method.select', method: 'SMS' }],
  ['Choose another method', (v) => v.chooseAnotherMethod(), { type: 'method.choose' }],
  ['typing the address', (v) => v.changeAddress('+1415'), { type: 'address.change', value: '+1415' }],
  ['A six-digit code', (v) => v.selectDelivery('code'), { type: 'delivery.select', method: 'EMAIL_OTP' }],
  [
    'A link to click',
    (v) => v.selectDelivery('link'),
    { type: 'delivery.select', method: 'EMAIL_MAGIC_LINK' },
  ],
  ['Send code / Send link', (v) => v.submitAddress(), { type: 'address.submit' }],
  ['Use a different address', (v) => v.editAddress(), { type: 'address.edit' }],
  ['typing the code', (v) => v.changeCode('12'), { type: 'code.change', value: '12' }],
  ['Verify', (v) => v.submitCode(), { type: 'code.submit' }],
  ['Send a new code', (v) => v.resend(), { type: 'code.resend' }],
  ['Try again', (v) => v.retry(), { type: 'retry' }],
];

const CHOICES = [
  {
    method: 'PASSKEY',
    label: 'Passkey',
    description: 'Confirm with this device’s fingerprint, face or screen lock.',
  },
  {
    method: 'SECURITY_KEY',
    label: 'Security key',
    description: 'A hardware key you plug in or tap, such as a YubiKey.',
  },
  {
    method: 'AUTHENTICATOR_APP',
    label: 'Authenticator app',
    description: 'Six-digit codes from an app such as Google Authenticator or 1Password.',
  },
  {
    method: 'EMAIL_OTP',
    label: 'E-mail address',
    description: 'A code or a link sent to an address you choose.',
  },
  { method: 'SMS', label: 'Phone number', description: 'A code sent by text message.' },
];

const TITLES: Record<string, string> = {
  PASSKEY: 'Add a passkey',
  SECURITY_KEY: 'Add a security key',
  AUTHENTICATOR_APP: 'Set up an authenticator app',
  EMAIL_OTP: 'Add an e-mail address',
  EMAIL_MAGIC_LINK: 'Add an e-mail address',
  SMS: 'Add a phone number',
};

const isContact = (method: string | null) =>
  method === 'EMAIL_OTP' || method === 'EMAIL_MAGIC_LINK' || method === 'SMS';

/** Spec: a phone number in international format (+ and 8 to 15 digits; spaces, dots, dashes, brackets allowed). */
function addressMessage(method: string, value: string): string | undefined {
  if (method !== 'SMS') return emailMessage(value);
  const number = value.trim().replace(/[\s().-]/g, '');
  if (number === '') return 'Enter a phone number';
  return /^\+[1-9]\d{7,14}$/.test(number)
    ? undefined
    : 'Enter the phone number in international format, e.g. +14155550123';
}

/** The token the page's step-up got (chart input): every method's first provider call starts from it. */
const ENROLMENT = { token: 'enrol.token.sample', baseUrl: '/provider/v1', tenantId: 'flightplan-local' };

const requestOf = (step: Step, id: string) =>
  (step.snapshot.children as Record<string, { options?: { input?: unknown } } | undefined>)[id];

/** An actor the step started, with the input the spec names. */
const expectRequest = (step: Step, id: string, input: unknown) => {
  const request = requestOf(step, id);
  expectThat(request !== undefined, `no ${id} on its way`);
  if (input !== undefined) expectEqual(request.options?.input, input, `${id} input`);
};

/** The step's failure, in the server's words (or the network message), above the actions. */
const expectError = (step: Step) => expectFields(view(step), { error: formMessage(step.event.error) });

const codePrompt = (step: Step) =>
  step.context.method === 'AUTHENTICATOR_APP'
    ? 'Enter the six-digit code the app shows to finish.'
    : `Enter the code sent to ${step.context.sentTo}.`;
const linkPrompt = (step: Step) =>
  `A verification link was sent to ${step.context.sentTo}. Click the link to proceed.`;

/** The confirming step's promises; the code view's chart is a stand-in here (it never answers). */
const confirming = (step: Step) => {
  const { method, sentTo, address } = step.context;
  const contact = method === 'EMAIL_OTP' || method === 'SMS';
  expectThat(method === 'AUTHENTICATOR_APP' || contact, `confirming a code for ${method}`);
  expectFields(view(step), {
    step: 'confirming',
    prompt: codePrompt(step),
    // A fresh code field: nothing typed, nothing checked or sent yet.
    code: '',
    codeError: null,
    isCodeInvalid: false,
    isVerifying: false,
    isResending: false,
    // E-mail and phone offer a new code and another address.
    canResend: contact,
    canEditAddress: contact,
    resendLabel: 'Send a new code',
    editAddressLabel: method === 'SMS' ? 'Use a different number' : 'Use a different address',
    notice: null,
    error: null,
    isBusy: false,
  });
  if (method === 'AUTHENTICATOR_APP') expectThat(step.context.app !== null, 'no QR code for the app');
  // The code view's chart, with this dialog's settings: the address step sent the first code (the app has
  // none to send), a new one may be sent at once and says where it went, refusals and failures are shown.
  expectRequest(step, 'codeEntry', {
    method,
    sendOnOpen: !contact,
    resendCooldownSeconds: 0,
    resendNotice: `A new code was sent to ${sentTo}.`,
    showFailures: true,
    ...(contact ? { sendRequest: { method, address, enrolment: ENROLMENT } } : {}),
  });
};

export const enrolAuthenticatorOracle = defineOracle(enrolAuthenticatorMachine, {
  always: (step) => {
    expectEqual(step.context.signInEmail, EMAIL, 'sign-in address');
    // The dialog runs on the enrolment token handed out after the page's step-up; nothing replaces it.
    expectEqual(step.context.enrolment, ENROLMENT, 'enrolment token');
    const { method } = step.context;
    const shown = view(step);
    expectEqual(shown.choices, CHOICES, 'chooser');
    for (const [control, use, event] of COMMANDS)
      expectEqual(
        sentBy((send) => connectEnrolAuthenticator(step.snapshot, send), use),
        [event],
        `${control} sends`,
      );
    expectEqual(
      shown.title,
      shown.step === 'choosing' || method === null ? 'Add a sign-in method' : TITLES[method],
      'title',
    );
    expectEqual(shown.addressLabel, method === 'SMS' ? 'Phone number' : 'E-mail address', 'address label');
    expectEqual(
      shown.delivery,
      method === 'EMAIL_OTP' ? 'code' : method === 'EMAIL_MAGIC_LINK' ? 'link' : null,
      'delivery',
    );
    expectEqual(shown.app, method === 'AUTHENTICATOR_APP' ? step.context.app : null, 'app secret shown');
    // Only a refused address moves the keyboard here (a cleared code asks for it in the code view's chart).
    const focus = step.emitted.filter((event) => event.type.endsWith('.focus'));
    if (!['address.submit', 'xstate.error.actor.sendCode'].includes(step.event.type))
      expectEqual(focus, [], 'focus moved');
  },
  events: {
    // While confirming, typing, “Verify” and “Send a new code” go to the code view's chart: the dialog stays
    // where it is. (“Send a new link” is the address step's send again, below.)
    'code.*': ({ snapshot, previous, event }) => {
      if (previous!.matches('confirming'))
        expectEqual(snapshot.value, 'confirming', 'state after a code event');
      else expectThat(event.type === 'code.resend', `${event.type} outside confirming`);
    },
    'address.change': ({ context, event }) =>
      expectFields(context, { address: event.value, addressError: null }, 'address typed'),
    'method.select': ({ context, event }) => {
      // The e-mail step starts with the sign-in address; the phone step empty.
      expectFields(
        context,
        { method: event.method, address: event.method === 'SMS' ? '' : EMAIL, error: null },
        'choice',
      );
    },
    'delivery.select': ({ context, event, previous }) =>
      // Switching between code and link keeps what was typed.
      expectFields(context, { method: event.method, address: previous!.context.address }, 'delivery'),
    'address.edit': ({ context, previous }) =>
      expectEqual(context.address, previous!.context.address, 'address kept'),
  },
  states: {
    choosing: (step) => {
      expectFields(view(step), { step: 'choosing', method: null, error: null, isBusy: false, code: '' });
      expectEqual(step.context.app, null, 'app secret kept');
    },
    registering: (step) => {
      const { method } = step.context;
      expectThat(method === 'PASSKEY' || method === 'SECURITY_KEY', `a browser ceremony for ${method}`);
      expectFields(view(step), { step: 'registering', isBusy: true, error: null });
      expectRequest(step, 'registerCredential', { method, enrolment: ENROLMENT });
    },
    registerFailed: (step) => {
      expectFields(view(step), { step: 'registerFailed', isBusy: false });
      expectError(step);
    },
    preparingApp: (step) => {
      expectEqual(step.context.method, 'AUTHENTICATOR_APP', 'method');
      expectFields(view(step), { step: 'preparingApp', isBusy: true, error: null });
      expectRequest(step, 'startApp', { enrolment: ENROLMENT });
    },
    prepareFailed: (step) => {
      expectFields(view(step), { step: 'prepareFailed', isBusy: false });
      expectError(step);
    },
    'address.editing': (step) => {
      const { context, event, emitted } = step;
      expectThat(isContact(context.method), `an address for ${context.method}`);
      expectFields(view(step), { step: 'address', isSending: false, isBusy: false });
      if (event.type === 'address.submit') {
        // A malformed address is named under the field, which takes the focus; nothing is sent.
        const message = addressMessage(context.method!, context.address);
        expectThat(message !== undefined, `the valid address "${context.address}" was not sent`);
        expectEqual(context.addressError, message, 'address message');
        expectEqual(emitted, [{ type: 'address.focus' }], 'emitted');
      } else if (event.type === 'xstate.error.actor.sendCode') {
        // The provider's refusal (invalid number, too many codes) under the field.
        expectEqual(context.addressError, formMessage(event.error), 'address message');
        expectEqual(emitted, [{ type: 'address.focus' }], 'emitted');
      } else {
        expectEqual(context.addressError, null, 'address message');
      }
    },
    'address.sending': (step) => {
      const { method, address } = step.context;
      expectEqual(addressMessage(method!, address), undefined, 'message for the address sent');
      expectFields(view(step), { step: 'address', isSending: true, isBusy: true, addressError: null });
      const id = 'sendCode';
      expectRequest(step, id, { method, address, enrolment: ENROLMENT });
    },
    confirming: (step) => {
      confirming(step);
      const { context, event } = step;
      switch (event.type) {
        case 'xstate.done.actor.sendCode':
          // Sent: where it went, as the provider says.
          expectFields(context, { sentTo: (event.output as { address: string }).address }, 'sent');
          break;
        case 'xstate.done.actor.startApp':
          expectFields(context, { app: event.output }, 'app secret');
          break;
        default:
          expectThat(event.type.startsWith('code.'), `confirming on ${event.type}`);
      }
    },
    waitingForLink: (step) => {
      expectEqual(step.context.method, 'EMAIL_MAGIC_LINK', 'method');
      expectEqual(step.context.sentTo, (step.event.output as { address: string }).address, 'sent to');
      expectFields(view(step), {
        step: 'waitingForLink',
        prompt: linkPrompt(step),
        canResend: true,
        canEditAddress: true,
        resendLabel: 'Send a new link',
        error: null,
        isBusy: false,
      });
      expectRequest(step, 'waitForLink', undefined);
    },
    linkFailed: (step) => {
      expectFields(view(step), {
        step: 'linkFailed',
        prompt: linkPrompt(step),
        canResend: true,
        canEditAddress: true,
        resendLabel: 'Send a new link',
        isBusy: false,
      });
      expectError(step);
    },
    enrolled: (step) => {
      const { type } = step.event;
      expectThat(
        [
          'xstate.done.actor.registerCredential',
          'xstate.done.actor.codeEntry',
          'xstate.done.actor.waitForLink',
        ].includes(type),
        `enrolled on ${type}`,
      );
      // The first code was accepted: only then does the code view's chart finish.
      if (type === 'xstate.done.actor.codeEntry')
        expectThat(step.previous!.matches('confirming'), 'a code accepted outside confirming');
      expectEqual(step.snapshot.status, 'done', 'status');
      expectEqual(step.snapshot.output, { method: step.context.method }, 'output');
    },
  },
});
