/**
 * What each state of the step-up code view promises (chart input: e-mail code). The states are the
 * field's phase × the delivery's phase: one check per combination, from both halves' promises.
 */
import { connectCodeEntry } from '../../../machines/codeEntry/codeEntry.connect';
import { codeEntryMachine } from '../../../machines/codeEntry/codeEntry.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { formMessage, sentBy } from './shared';

type Machine = typeof codeEntryMachine;
const PHASES = ['idle', 'loading', 'error'] as const;
const DELIVERIES = ['sending', 'coolingDown', 'ready', 'failed', 'none'] as const;
const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** The field's half. */
const fieldPromises: Record<(typeof PHASES)[number], OracleCheck<Machine>> = {
  idle: ({ context, event, previous, emitted }) => {
    if (event.type.startsWith('xstate.after.errorReset.')) {
      // 500 ms after a wrong or empty code: the slots are cleared and take the focus again.
      expectEqual(context.code, '', 'code after the reset');
      expectEqual(emitted, [{ type: 'code.focus' }], 'emitted');
    } else if (
      event.type === 'xstate.done.actor.verifyCode' ||
      event.type === 'xstate.error.actor.verifyCode'
    ) {
      // An error answer, or no answer, is ignored: the code stays, the field is usable again.
      expectEqual(context.code, previous?.context.code, 'code kept');
    }
    expectThat(context.token === null, 'a token while the field waits');
  },
  loading: ({ context }) => {
    // Only a complete code is sent.
    expectThat(/^\d{6}$/.test(context.code), `checking the incomplete code "${context.code}"`);
  },
  error: ({ context, event, previous }) => {
    // The code is kept (shaking, red) until the reset.
    if (previous && !event.type.startsWith('code.change'))
      expectEqual(context.code, previous.context.code, 'code kept');
    if (event.type === 'code.submit') {
      expectThat(context.code.length < 6, 'a complete code refused');
      expectEqual(context.fieldError, 'Enter a code', 'message');
    } else if (event.type === 'xstate.done.actor.verifyCode') {
      const { attemptsRemaining } = event.output as { attemptsRemaining?: number };
      expectEqual(
        context.fieldError,
        attemptsRemaining === undefined
          ? 'That code is incorrect.'
          : `That code is incorrect. ${attemptsRemaining} ${attemptsRemaining === 1 ? 'attempt' : 'attempts'} left.`,
        'message',
      );
      expectEqual(context.attemptsRemaining, attemptsRemaining ?? null, 'attempts');
    }
    expectThat(context.fieldError !== null, 'an error without a message');
  },
};

/** The delivery's half. */
const deliveryPromises: Record<(typeof DELIVERIES)[number], OracleCheck<Machine>> = {
  sending: ({ context }) => expectEqual(context.deliveryError, null, 'delivery error'),
  coolingDown: ({ context, event }) => {
    if (event.type === 'xstate.done.actor.sendCode') expectEqual(event.output, { sent: true }, 'answer');
    expectEqual(context.deliveryError, null, 'delivery error');
  },
  ready: ({ context }) => expectEqual(context.deliveryError, null, 'delivery error'),
  failed: ({ context, event }) => {
    if (event.type === 'xstate.error.actor.sendCode')
      expectEqual(context.deliveryError, formMessage(event.error), 'delivery error');
    expectThat(context.deliveryError !== null, 'a failed delivery without a reason');
  },
  none: ({ context, event }) => {
    if (event.type === 'xstate.done.actor.sendCode') expectEqual(event.output, { sent: false }, 'answer');
    expectEqual(context.deliveryError, null, 'delivery error');
  },
};

const activeState =
  (phase: (typeof PHASES)[number], delivery: (typeof DELIVERIES)[number]): OracleCheck<Machine> =>
  (step) => {
    expectFields(
      connectCodeEntry(step.snapshot, () => {}),
      {
        code: step.context.code,
        phase,
        isInvalid: phase === 'error',
        isReadOnly: phase === 'loading',
        delivery,
        deliveryError: step.context.deliveryError,
        // E-mail and text message offer “Send a new code”, usable once the cooldown is over or sending failed.
        showsResend: delivery !== 'none',
        canResend: delivery === 'ready' || delivery === 'failed',
      },
    );
    fieldPromises[phase](step);
    deliveryPromises[delivery](step);
  };

export const codeEntryOracle = defineOracle(codeEntryMachine, {
  always: ({ context, snapshot }) => {
    expectEqual(context.method, 'EMAIL_OTP', 'method');
    // The field, “Verify” and “Send a new code”.
    const sends = (use: (view: ReturnType<typeof connectCodeEntry>) => void) =>
      sentBy((send) => connectCodeEntry(snapshot, send), use);
    expectEqual(
      sends((view) => view.changeCode('12')),
      [{ type: 'code.change', value: '12' }],
      'typing sends',
    );
    expectEqual(
      sends((view) => view.submit()),
      [{ type: 'code.submit' }],
      'Verify sends',
    );
    expectEqual(
      sends((view) => view.resend()),
      [{ type: 'code.resend' }],
      'Send a new code sends',
    );
  },
  optionalStates: (label) => label.startsWith('active.'),
  events: {
    'code.change': ({ context, event }) => {
      expectEqual(context.code, digits(event.value as string), 'code typed (digits only, at most six)');
      expectEqual(context.fieldError, null, 'typing hides the message');
    },
  },
  states: {
    ...Object.fromEntries(
      PHASES.flatMap((phase) =>
        DELIVERIES.map((delivery) => [
          `active.code.${phase} + delivery.${delivery}`,
          activeState(phase, delivery),
        ]),
      ),
    ),
    verified: ({ snapshot, event }) => {
      expectEqual(event.type, 'xstate.done.actor.verifyCode', 'event');
      const { token } = event.output as { token: string };
      expectEqual(snapshot.status, 'done', 'status');
      expectEqual(snapshot.output, { token }, 'output');
      expectFields(
        connectCodeEntry(snapshot, () => {}),
        { phase: 'verified', isReadOnly: true, isInvalid: false },
      );
    },
  },
});
