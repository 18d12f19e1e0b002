/** What each state of the step-up dialog promises: which view is open, the chooser's list, the link, the prompt. */
import { connectChallenge } from '@machines/challenge/challenge.connect';
import { challengeMachine } from '@machines/challenge/challenge.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { sentBy } from './shared';

type Machine = typeof challengeMachine;
type Method =
  | 'PASSKEY'
  | 'SECURITY_KEY'
  | 'AUTHENTICATOR_APP'
  | 'EMAIL_OTP'
  | 'EMAIL_MAGIC_LINK'
  | 'SMS'
  | 'RECOVERY_CODE';
type Options = {
  token: string;
  user: { email?: string; phoneNumber?: string };
  verificationMethods?: Method[];
  defaultVerificationMethod?: Method;
  description?: string;
};

/** Spec section 2: the chooser's order and labels; issue 11 adds recovery codes, always last. */
const LABELS: Array<[Method, string]> = [
  ['PASSKEY', 'Passkey'],
  ['SECURITY_KEY', 'Security key'],
  ['AUTHENTICATOR_APP', 'Authenticator app'],
  ['EMAIL_OTP', 'Email OTP'],
  ['EMAIL_MAGIC_LINK', 'Email magic link'],
  ['SMS', 'Text message'],
  ['RECOVERY_CODE', 'Recovery code'],
];
const labelOf = (method: Method) => LABELS.find(([candidate]) => candidate === method)![1];
/** The allowed methods in the chooser's order; all of them when the options name none. */
const allowed = (options: Options) =>
  LABELS.map(([method]) => method).filter(
    (method) => !options.verificationMethods || options.verificationMethods.includes(method),
  );

function prompt(method: Method, user: Options['user']): string | null {
  if (method === 'AUTHENTICATOR_APP') return 'Enter the code from your authenticator app to proceed.';
  if (method === 'EMAIL_OTP') return `Enter the code sent to ${user.email} to proceed.`;
  if (method === 'SMS') return `Enter the code sent to ${user.phoneNumber} to proceed.`;
  if (method === 'RECOVERY_CODE') return 'Enter one of your recovery codes to proceed. Each code works once.';
  if (method === 'EMAIL_MAGIC_LINK')
    return `A verification link was sent to ${user.email}. Click the link to proceed.`;
  return null;
}

const openCommon: OracleCheck<Machine> = ({ snapshot, context, emitted }) => {
  // The caller hears only how the dialog closed.
  expectEqual(emitted, [], 'emitted while open');
  const options = context.options as Options | null;
  expectThat(options !== null && options.token.trim() !== '', 'open without a challenge token');
  const methods = allowed(options);
  expectEqual(context.methods, methods, 'allowed methods');
  // Closing cancels; a chooser entry opens its method; the link under a method does what it says.
  const sends = (use: (view: ReturnType<typeof connectChallenge>) => void) =>
    sentBy((send) => connectChallenge(snapshot, send), use);
  expectEqual(
    sends((view) => view.close()),
    [{ type: 'dialog.close' }],
    'closing sends',
  );
  expectEqual(
    sends((view) => view.selectMethod('SMS')),
    [{ type: 'method.select', method: 'SMS' }],
    'a chooser entry sends',
  );
  const link = connectChallenge(snapshot, () => {}).switchLink;
  expectEqual(
    sends((view) => view.followSwitchLink()),
    link ? [link.event] : [],
    'the switch link sends',
  );
  expectFields(
    connectChallenge(snapshot, () => {}),
    {
      isOpen: true,
      // What the person confirms, shown under the title for as long as the dialog is open (issue 11).
      description: options?.description ?? null,
      choices: methods.map((method) => ({ method, label: labelOf(method) })),
    },
  );
};

/** A method's view: the method asked for, its prompt, and the link to the other methods (spec section 4). */
const methodView =
  (method: Method): OracleCheck<Machine> =>
  (step) => {
    openCommon(step);
    const { snapshot, context, event } = step;
    const options = context.options as Options;
    const methods = allowed(options);
    if (event.type === 'challenge.open') {
      // Opens on the default method when allowed, else on the only one.
      const expected =
        options.defaultVerificationMethod && methods.includes(options.defaultVerificationMethod)
          ? options.defaultVerificationMethod
          : methods.length === 1
            ? methods[0]
            : undefined;
      expectEqual(method, expected, 'the view the dialog opens on');
    } else {
      expectEqual(event, { type: 'method.select', method }, 'the method picked');
    }
    const toChooser = !options.verificationMethods || methods.length >= 3;
    const other = methods.find((candidate) => candidate !== method);
    expectFields(
      connectChallenge(snapshot, () => {}),
      {
        view: method,
        prompt: prompt(method, options.user),
        switchLink: toChooser
          ? { label: 'Use another authentication method', event: { type: 'method.choose' } }
          : methods.length === 2 && other
            ? { label: `Use ${labelOf(other)} instead`, event: { type: 'method.select', method: other } }
            : null,
      },
    );
    expectEqual(context.method, method, 'method');
  };

export const challengeOracle = defineOracle(challengeMachine, {
  states: {
    closed: ({ snapshot, context, event, emitted }) => {
      expectFields(
        connectChallenge(snapshot, () => {}),
        {
          isOpen: false,
          description: null,
          view: null,
          choices: [],
          prompt: null,
          switchLink: null,
        },
      );
      expectFields(
        context,
        { options: null, methods: [], method: null, isListGiven: false },
        'forgotten challenge',
      );
      // How the dialog closed is what the caller hears.
      const heard =
        event.type === 'dialog.close'
          ? [{ type: 'challenge.cancelled' }]
          : event.type === 'token.expire' || event.type.startsWith('xstate.after.tokenLifetime.')
            ? [{ type: 'challenge.expired' }]
            : event.type === 'xstate.done.actor.methodView'
              ? [{ type: 'challenge.succeeded', token: (event.output as { token: string }).token }]
              : [];
      expectEqual(emitted, heard, 'emitted');
      if (event.type === 'challenge.open')
        expectThat((event.options as Options).token.trim() === '', 'a challenge with a token did not open');
    },
    'open.choosing': (step) => {
      openCommon(step);
      const { snapshot, context, event } = step;
      const options = context.options as Options;
      if (event.type === 'method.choose')
        expectThat(
          !options.verificationMethods || allowed(options).length >= 3,
          'the chooser is not offered here',
        );
      expectFields(
        connectChallenge(snapshot, () => {}),
        { view: 'chooser', prompt: null, switchLink: null },
      );
      expectEqual(context.method, null, 'method');
    },
    'open.passkey': methodView('PASSKEY'),
    'open.securityKey': methodView('SECURITY_KEY'),
    'open.authenticatorApp': methodView('AUTHENTICATOR_APP'),
    'open.emailOtp': methodView('EMAIL_OTP'),
    'open.emailMagicLink': methodView('EMAIL_MAGIC_LINK'),
    'open.sms': methodView('SMS'),
    'open.recoveryCode': methodView('RECOVERY_CODE'),
  },
});
