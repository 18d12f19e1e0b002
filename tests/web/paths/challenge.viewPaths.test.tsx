/**
 * The `challenge` chart's generated paths, replayed in the real step-up dialog: `ChallengeDialog` rendering
 * the StepUp that the app's `createStepUp` makes, over held fake `ChallengeServices` (the dialog's network
 * boundary, tests/web/support/challengeDialog.tsx). The dialog's actor is made with `createActor` outside
 * React; `createStepUp` gets the watch's actor options (`watchedActorOptions`, tests/paths/viewActors.ts).
 *
 * - `challenge.open` is the app's entry, `stepUp.request(options)` (what `requestStepUp` does for a
 *   CHALLENGE_REQUIRED answer); `token.expire` is what the provider client's `onTokenExpired` callback
 *   sends (stepUpRuntime.ts); everything else is a click in the dialog.
 * - `xstate.done.actor.methodView` is produced by completing the open method view: the passkey or
 *   security-key ceremony answers the path's token, the six digits are typed and the provider answers them
 *   with it, or the magic link is found clicked on the next poll.
 * - From a method view with 3+ methods (or no list), another method is selected the way a person does it:
 *   “Use another authentication method”, then the method's button in the chooser.
 */
import '../support/matchers';
import { getChart } from '@machines';
import {
  type ChallengeOptions,
  type ChallengeSnapshot,
  METHOD_LABELS,
  METHOD_ORDER,
  type VerificationMethod,
} from '@machines/challenge';
import { MAGIC_LINK_POLL_MS } from '@machines/delays';
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { describeViewPathTests, type ViewStep } from '../../paths/viewPathTests';
import {
  type ChallengeDialogView,
  challengeDialog,
  dialogClosed,
  findChallengeDialog,
  inDialog,
  pinSlots,
  renderChallengeDialog,
} from '../support/challengeDialog';

const chart = getChart('challenge');
const OTHER_METHOD = 'Use another authentication method';

type ChallengeContext = ChallengeSnapshot['context'];
const contextOf = (state: ViewStep['state']) => state.context as ChallengeContext;

/** The line the open method view shows first (spec section 2, word for word). */
function methodText(method: VerificationMethod, user: ChallengeOptions['user']): string {
  switch (method) {
    case 'PASSKEY':
      return 'Follow the prompt from your browser to use your passkey.';
    case 'SECURITY_KEY':
      return 'Insert or tap your security key and follow the prompt from your browser.';
    case 'AUTHENTICATOR_APP':
      return 'Enter the code from your authenticator app to proceed.';
    case 'EMAIL_OTP':
      return `Enter the code sent to ${user.email} to proceed.`;
    case 'SMS':
      return `Enter the code sent to ${user.phoneNumber} to proceed.`;
    case 'EMAIL_MAGIC_LINK':
      return `A verification link was sent to ${user.email}. Click the link to proceed.`;
    case 'RECOVERY_CODE':
      return 'Enter one of your recovery codes to proceed. Each code works once.';
  }
}

/** The link under a method view: the chooser with 3+ methods or no list, the other one of two, else none. */
function switchLinkOf(context: ChallengeContext): string | null {
  if (!context.isListGiven || context.methods.length >= 3) return OTHER_METHOD;
  const other = context.methods.find((method) => method !== context.method);
  return context.methods.length === 2 && other ? `Use ${METHOD_LABELS[other]} instead` : null;
}

/**
 * What the person confirms (the options' description, issue 11): a line under the title that describes the
 * dialog, or nothing when the options carry none.
 */
function expectDescription(state: ViewStep['state']) {
  const description = contextOf(state).options?.description;
  expect(challengeDialog()).toHaveAccessibleDescription(description ?? '');
  if (description) expect(inDialog().getByText(description)).toBeInTheDocument();
}

const isChooser = (state: ViewStep['state']) => state.matches({ open: 'choosing' });

/** Whether the dialog offers `method` where the path selects it (a button, or the link to it). */
function offers(before: ViewStep['state'], method: VerificationMethod): boolean {
  const context = contextOf(before);
  if (!context.methods.includes(method)) return false;
  if (isChooser(before)) return true;
  const link = switchLinkOf(context);
  return link === OTHER_METHOD || link === `Use ${METHOD_LABELS[method]} instead`;
}

/** Completes the open method view with `token`, the way its provider call or ceremony does. */
async function completeMethodView(view: ChallengeDialogView, method: VerificationMethod, token: string) {
  const { services, user } = view;
  switch (method) {
    case 'PASSKEY':
    case 'SECURITY_KEY':
      await services.settle('checkWebAuthnSupport', { output: { supported: true, needsClick: false } });
      await services.settle('authenticate', { output: { token } });
      return;
    case 'EMAIL_MAGIC_LINK':
      await services.settle('sendMagicLink', { output: undefined });
      expect(await inDialog().findByText('Waiting for you to click the link…')).toBeInTheDocument();
      return { poll: true };
    case 'RECOVERY_CODE': {
      await user.type(inDialog().getByRole('textbox', { name: 'Recovery code' }), '4f7k2-9q8xm');
      await user.click(inDialog().getByRole('button', { name: 'Verify' }));
      const verify = await services.take('verifyRecoveryCode');
      expect(verify.args).toEqual(['4f7k2-9q8xm']);
      verify.resolve({ token });
      return;
    }
    default: {
      await services.settle('sendCode', { output: { sent: method !== 'AUTHENTICATOR_APP' } });
      await user.click(pinSlots()[0]!);
      await user.paste('123456');
      const verify = await services.take('verifyCode');
      expect(verify.args).toEqual([method, '123456']);
      verify.resolve({ token });
    }
  }
}

describeViewPathTests<ChallengeDialogView>({
  chart,
  render: () => renderChallengeDialog(),
  events: {
    'challenge.open': (view, { event }) => view.open(event.options as ChallengeOptions),
    'method.select': async ({ user }, { event, path, index }) => {
      const method = event.method as VerificationMethod;
      const before = path.steps[index - 1]!.state;
      if (!isChooser(before)) {
        const link = switchLinkOf(contextOf(before));
        if (link !== OTHER_METHOD) {
          // Two methods: the link goes straight to the other one.
          await user.click(inDialog().getByRole('button', { name: link! }));
          return;
        }
        await user.click(inDialog().getByRole('button', { name: OTHER_METHOD }));
        await screen.findByText('Select an authentication method');
      }
      await user.click(inDialog().getByRole('button', { name: METHOD_LABELS[method] }));
    },
    'method.choose': ({ user }) => user.click(inDialog().getByRole('button', { name: OTHER_METHOD })),
    'dialog.close': ({ user }) => user.click(inDialog().getByRole('button', { name: 'Close' })),
    // What the provider client's onTokenExpired callback sends (stepUpRuntime.ts).
    'token.expire': ({ stepUp }) => stepUp.actor.send({ type: 'token.expire' }),
    'xstate.done.actor.methodView': async (view, { event, path, index }, run) => {
      const method = contextOf(path.steps[index - 1]!.state).method!;
      const token = (event.output as { token: string }).token;
      const result = await completeMethodView(view, method, token);
      if (result?.poll) {
        // The link is checked on the next poll (the magic-link view's timer): it was clicked.
        await run.advanceTimers({ type: `xstate.after.${MAGIC_LINK_POLL_MS}.poll` });
        await view.services.settle('checkMagicLink', { output: { isVerified: true, token } });
      }
    },
  },
  states: {
    closed: async (view, { event, index }) => {
      await dialogClosed();
      // How the request ended, as the modal that asked for it learns it.
      const expected =
        index === 0
          ? []
          : event.type === 'xstate.done.actor.methodView'
            ? [{ status: 'succeeded', token: (event.output as { token: string }).token }]
            : event.type === 'token.expire' || event.type.startsWith('xstate.after.')
              ? [{ status: 'expired' }]
              : [{ status: 'cancelled' }];
      await waitFor(() => expect(view.outcomes).toEqual(expected));
    },
    'open.choosing': async (_view, { state }) => {
      // The dialog named by its title.
      expect(await findChallengeDialog()).toBeInTheDocument();
      expectDescription(state);
      expect(await screen.findByText('Select an authentication method')).toBeInTheDocument();
      const labels = contextOf(state).methods.map((method) => METHOD_LABELS[method]);
      expect(
        inDialog()
          .getAllByRole('button')
          .map((button) => button.textContent || button.getAttribute('aria-label')),
      ).toEqual(['Close', ...labels]);
      expect(inDialog().queryByRole('button', { name: OTHER_METHOD })).not.toBeInTheDocument();
    },
    ...Object.fromEntries(
      METHOD_ORDER.map((method) => [
        `open.${
          {
            PASSKEY: 'passkey',
            SECURITY_KEY: 'securityKey',
            AUTHENTICATOR_APP: 'authenticatorApp',
            EMAIL_OTP: 'emailOtp',
            EMAIL_MAGIC_LINK: 'emailMagicLink',
            SMS: 'sms',
            RECOVERY_CODE: 'recoveryCode',
          }[method]
        }`,
        async (_view: ChallengeDialogView, { state }: ViewStep) => {
          const context = contextOf(state);
          await findChallengeDialog();
          expect(await screen.findByText(methodText(method, context.options!.user))).toBeInTheDocument();
          expectDescription(state);
          expect(inDialog().queryByText('Select an authentication method')).not.toBeInTheDocument();
          const link = switchLinkOf(context);
          if (link) expect(inDialog().getByRole('button', { name: link })).toBeInTheDocument();
          else expect(inDialog().queryByRole('button', { name: /^Use / })).not.toBeInTheDocument();
          if (method === 'RECOVERY_CODE')
            expect(inDialog().getByRole('textbox', { name: 'Recovery code' })).toBeInTheDocument();
          else if (method !== 'PASSKEY' && method !== 'SECURITY_KEY' && method !== 'EMAIL_MAGIC_LINK')
            expect(pinSlots()).toHaveLength(6);
          expect(challengeDialog()).toBeInTheDocument();
        },
      ]),
    ),
  },
  unproducible: [
    {
      because:
        'the chooser shows no “Use another authentication method” link (it is the chooser); the link in ' +
        'the method views takes this transition',
      step: (event, before) => event.type === 'method.choose' && isChooser(before),
    },
    {
      because:
        'the dialog offers no way to select the method already open without the chooser (one or two ' +
        'methods from a list: no chooser, the link names the other method); selecting from the chooser ' +
        'and the two-method link take this transition elsewhere',
      step: (event, before) =>
        event.type === 'method.select' &&
        !offers(before, (event as unknown as { method: VerificationMethod }).method),
    },
  ],
});
