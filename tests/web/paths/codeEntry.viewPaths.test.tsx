/**
 * The `codeEntry` chart's generated paths, replayed in the real code view of the step-up dialog (e-mail
 * code, the chart's input): `ChallengeDialog` over held fake `ChallengeServices`
 * (tests/web/support/challengeDialog.tsx), opened with EMAIL_OTP only, so the view's chart is the dialog's
 * `methodView` child actor (watched through `watchedActorOptions`, tests/paths/viewActors.ts; its timers run
 * on the watch's simulated clock). Sending and checking the code are the services `sendCode` and
 * `verifyCode`: the path's sample outputs and errors settle them.
 *
 * Digits go into the Ark PinInput the way a person enters a code: click the first slot (jsdom gives it no
 * focus by itself), then paste or type. A `code.change` to "123456" is one paste (one change); "12" is
 * typed, a change per digit, each the same transition (`idle --code.change--> (stays)`). Digits already
 * in the slots are first deleted (more changes of that transition), or, for the value the field already
 * holds, its last digit is deleted and typed again.
 */
import '../support/matchers';
import { getChart } from '@machines';
import {
  CODE_REQUIRED_MESSAGE,
  type CodeEntryContext,
  type CodeEntryMachine,
  wrongCodeMessage,
} from '@machines/codeEntry';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import { describeViewPathTests, type StateCheck, type ViewStep } from '../../paths/viewPathTests';
import {
  type ChallengeDialogView,
  dialogClosed,
  findChallengeDialog,
  inDialog,
  pinSlots,
  renderChallengeDialog,
} from '../support/challengeDialog';

const chart = getChart('codeEntry');
const USER = { email: 'dana@example.com' };
const PROMPT = 'Enter the code sent to dana@example.com to proceed.';
const CODE_PHASES = ['idle', 'loading', 'error'] as const;
const DELIVERIES = ['sending', 'coolingDown', 'ready', 'failed', 'none'] as const;
type Delivery = (typeof DELIVERIES)[number];

/** What the line under the button says about the code's delivery (none: no line, no resend link). */
const DELIVERY_TEXT: Record<Exclude<Delivery, 'failed' | 'none'>, string> = {
  sending: 'Sending a code…',
  coolingDown: 'Code sent. You can ask for a new one in 30 seconds.',
  ready: 'Didn’t get it?',
};

type CodeEntryActor = ActorRefFrom<CodeEntryMachine>;
/** The messages under the field: an empty or short code, the provider's "wrong code" (4 attempts left). */
const FIELD_MESSAGES = [CODE_REQUIRED_MESSAGE, wrongCodeMessage(4)];

const typed = () =>
  pinSlots()
    .map((slot) => slot.value)
    .join('');

/** Puts `value` in the slots: delete what is there, then paste it in one change (see the header). */
async function enterCode({ user }: ChallengeDialogView, value: string) {
  const current = typed();
  if (current === value) {
    await user.click(pinSlots()[value.length - 1]!);
    await user.keyboard(`{Backspace}${value.slice(-1)}`);
    return;
  }
  if (current !== '') {
    await user.click(pinSlots()[current.length - 1]!);
    for (let index = 0; index < current.length; index++) await user.keyboard('{Backspace}');
  }
  await user.click(pinSlots()[0]!);
  // A whole code is pasted (one change); a few digits are typed (a change each, the same transition).
  if (value.length === 6) await user.paste(value);
  else await user.keyboard(value);
}

/** The open code view in the state `code` + `delivery` the path reached. */
function codeView(phase: (typeof CODE_PHASES)[number], delivery: Delivery): StateCheck<ChallengeDialogView> {
  return async ({ services, stepUp }, { state }: ViewStep) => {
    // The path's snapshot stands for its abstract state (codeEntry's abstractContext: lengths and
    // presence); the texts are the view's own chart's, which must be one of the chart's messages.
    const expected = state.context as CodeEntryContext;
    const own = (stepUp.actor.getSnapshot().children.methodView as CodeEntryActor).getSnapshot().context;
    const { code, fieldError, deliveryError } = own;
    expect(code.length).toBe(expected.code.length);
    expect(fieldError !== null).toBe(expected.fieldError !== null);
    expect(deliveryError !== null).toBe(expected.deliveryError !== null);
    if (fieldError !== null) expect(FIELD_MESSAGES).toContain(fieldError);
    await findChallengeDialog();
    expect(inDialog().getByText(PROMPT)).toBeInTheDocument();
    const slots = pinSlots();
    expect(slots).toHaveLength(6);
    // The digits in the slots; an error keeps them until its reset clears them.
    await waitFor(() => expect(typed()).toBe(code));
    const verify = inDialog().getByRole('button', { name: phase === 'loading' ? 'Verifying…' : 'Verify' });
    // The field's message (read out), or nothing.
    const field = inDialog().getAllByRole('alert')[0]!;
    if (fieldError) expect(field).toHaveTextContent(fieldError);
    else expect(field).toBeEmptyDOMElement();
    for (const slot of slots) {
      if (phase === 'error') expect(slot).toHaveAttribute('data-invalid');
      else expect(slot).not.toHaveAttribute('data-invalid');
      if (phase === 'loading') expect(slot).toHaveAttribute('readonly');
      else expect(slot).not.toHaveAttribute('readonly');
    }
    if (phase === 'loading') {
      expect(verify).toBeDisabled();
      await waitFor(() => expect(services.held.map((call) => call.name)).toContain('verifyCode'));
    } else {
      expect(verify).not.toBeDisabled();
    }
    if (delivery === 'none') {
      expect(inDialog().queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument();
      return;
    }
    const resend = inDialog().getByRole('button', { name: 'Send a new code' });
    if (delivery === 'ready' || delivery === 'failed') expect(resend).not.toBeDisabled();
    else expect(resend).toBeDisabled();
    if (delivery === 'failed') {
      expect(inDialog().getAllByRole('alert').at(-1)).toHaveTextContent(deliveryError!);
    } else {
      expect(inDialog().getByText(DELIVERY_TEXT[delivery])).toBeInTheDocument();
    }
  };
}

describeViewPathTests<ChallengeDialogView>({
  chart,
  async render() {
    const view = renderChallengeDialog();
    view.open({ token: 'challenge-token', user: USER, verificationMethods: ['EMAIL_OTP'] });
    await findChallengeDialog();
    return view;
  },
  events: {
    'xstate.done.actor.sendCode': ({ services }, { event }) =>
      services.settle('sendCode', { output: event.output }),
    'xstate.error.actor.sendCode': ({ services }, { event }) =>
      services.settle('sendCode', { error: event.error }),
    'xstate.done.actor.verifyCode': async ({ services }, { event, state }) => {
      const call = await services.settle('verifyCode', { output: event.output });
      expect(call.args).toEqual(['EMAIL_OTP', (state.context as CodeEntryContext).code || '123456']);
    },
    'xstate.error.actor.verifyCode': ({ services }, { event }) =>
      services.settle('verifyCode', { error: event.error }),
    'code.change': (view, { event }) => enterCode(view, event.value as string),
    'code.submit': ({ user }) => user.click(inDialog().getByRole('button', { name: 'Verify' })),
    'code.resend': ({ user }) => user.click(inDialog().getByRole('button', { name: 'Send a new code' })),
  },
  unproducible: [
    {
      because:
        'time runs for both timers: 30 seconds of cooldown cannot pass while a wrong code still shows, its ' +
        '500 ms reset comes first (the cooldown ends in other paths, in the idle and loading field)',
      step: (event, before) =>
        event.type.startsWith('xstate.after.resendCooldown.') &&
        before.matches({ active: { code: 'error' } }),
    },
  ],
  // Every phase × delivery has its check; the paths land in some of them.
  optionalStates: (label) => label.startsWith('active.code.'),
  states: {
    ...Object.fromEntries(
      CODE_PHASES.flatMap((phase) =>
        DELIVERIES.map((delivery) => [
          `active.code.${phase} + delivery.${delivery}`,
          codeView(phase, delivery),
        ]),
      ),
    ),
    verified: async (view, { event }) => {
      // The provider took the code: the dialog closes with its token.
      await dialogClosed();
      const token = (event.output as { token: string }).token;
      await waitFor(() => expect(view.outcomes).toEqual([{ status: 'succeeded', token }]));
    },
  },
});
