/**
 * What each state of the code view promises: in the step-up dialog (chart input: e-mail code, defaults) and
 * as “Add a sign-in method” runs it for the first code (`codeEntryEnrolmentOracle`: the code was already
 * sent, a new one at once with a notice, refusals and failures shown). The states are the field's phase ×
 * the delivery's phase: one check per combination, from both halves' promises.
 */
import { connectCodeEntry } from '@machines/codeEntry/codeEntry.connect';
import { codeEntryMachine } from '@machines/codeEntry/codeEntry.machine';
import {
  type ChartOracle,
  defineOracle,
  expectEqual,
  expectFields,
  expectThat,
  type OracleCheck,
} from '../oracle';
import { formMessage, sentBy } from './shared';

type Machine = typeof codeEntryMachine;
const PHASES = ['idle', 'loading', 'error'] as const;
const DELIVERIES = ['sending', 'coolingDown', 'ready', 'failed', 'none'] as const;
const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** The settings a host runs the code view with, as its spec says them. */
export interface CodeEntrySpec {
  method: 'EMAIL_OTP' | 'SMS' | 'AUTHENTICATOR_APP';
  /** A code is sent as the view opens. */
  sendsOnOpen: boolean;
  /** “Send a new code” waits 30 seconds after a code was sent (else: at once). */
  cooldown: boolean;
  /** Shown after a resend; every code such a host's view sends is a resend (it sends none on opening). */
  resendNotice: string | null;
  /** The provider's refusal and a request with no answer are said under the field (else ignored). */
  showsFailures: boolean;
  /** What `sendCode` gets besides the method. */
  request?: unknown;
}

/** The step-up dialog's e-mail code (spec section 8): sent on opening, 30 s cooldown, failures ignored. */
export const STEP_UP_EMAIL: CodeEntrySpec = {
  method: 'EMAIL_OTP',
  sendsOnOpen: true,
  cooldown: true,
  resendNotice: null,
  showsFailures: false,
};

/** The field's half. */
const fieldPromises = (spec: CodeEntrySpec): Record<(typeof PHASES)[number], OracleCheck<Machine>> => ({
  idle: ({ context, event, previous, emitted }) => {
    if (event.type.startsWith('xstate.after.errorReset.')) {
      // 500 ms after a wrong or empty code: the slots are cleared and take the focus again.
      expectEqual(context.code, '', 'code after the reset');
      expectEqual(emitted, [{ type: 'code.focus' }], 'emitted');
    } else if (
      event.type === 'xstate.done.actor.verifyCode' ||
      event.type === 'xstate.error.actor.verifyCode'
    ) {
      // An error answer, or no answer, leaves the code and the field usable again; the step-up dialog
      // ignores both, the add dialog says why no answer came.
      expectEqual(context.code, previous?.context.code, 'code kept');
      expectEqual(
        context.fieldError,
        spec.showsFailures && event.type === 'xstate.error.actor.verifyCode'
          ? formMessage(event.error)
          : previous?.context.fieldError,
        'message after the answer',
      );
      if (event.type === 'xstate.done.actor.verifyCode')
        expectThat(!spec.showsFailures, 'a refusal ignored where it should be shown');
    }
    expectThat(context.token === null, 'a token while the field waits');
  },
  loading: ({ context, snapshot }) => {
    // Only a complete code is sent, with the method; a resend notice is hidden meanwhile.
    expectThat(/^\d{6}$/.test(context.code), `checking the incomplete code "${context.code}"`);
    expectEqual(
      inputOf(snapshot, 'verifyCode'),
      { method: spec.method, code: context.code },
      'verifyCode input',
    );
    expectEqual(context.notice, null, 'notice while checking');
  },
  error: ({ context, event, previous }) => {
    // The code is kept (shaking, red) until the reset.
    if (previous && !event.type.startsWith('code.change'))
      expectEqual(context.code, previous.context.code, 'code kept');
    if (event.type === 'code.submit') {
      expectThat(context.code.length < 6, 'a complete code refused');
      expectEqual(context.fieldError, 'Enter a code', 'message');
    } else if (event.type === 'xstate.done.actor.verifyCode') {
      const { attemptsRemaining, error } = event.output as { attemptsRemaining?: number; error?: string };
      if (error !== undefined) expectThat(spec.showsFailures, 'a refusal shown where it is ignored');
      expectEqual(
        context.fieldError,
        // A refusal in the provider's words, as it says it; else the wrong-code message.
        error ??
          (attemptsRemaining === undefined
            ? 'That code is incorrect.'
            : `That code is incorrect. ${attemptsRemaining} ${attemptsRemaining === 1 ? 'attempt' : 'attempts'} left.`),
        'message',
      );
      expectEqual(context.attemptsRemaining, attemptsRemaining ?? null, 'attempts');
    }
    expectThat(context.fieldError !== null, 'an error without a message');
  },
});

const inputOf = (snapshot: { children: unknown }, id: string) =>
  (snapshot.children as Record<string, { options?: { input?: unknown } } | undefined>)[id]?.options?.input;

/** The delivery's half. */
const deliveryPromises = (
  spec: CodeEntrySpec,
): Record<(typeof DELIVERIES)[number], OracleCheck<Machine>> => ({
  sending: ({ context, snapshot, index }) => {
    expectEqual(context.deliveryError, null, 'delivery error');
    // The code goes out on opening only where the host has not sent it already.
    if (index === 0) expectThat(spec.sendsOnOpen, 'a code sent again on opening');
    expectEqual(
      inputOf(snapshot, 'sendCode'),
      spec.request === undefined ? { method: spec.method } : { method: spec.method, request: spec.request },
      'sendCode input',
    );
  },
  coolingDown: ({ context, event }) => {
    if (event.type === 'xstate.done.actor.sendCode') {
      expectEqual(event.output, { sent: true }, 'answer');
      expectEqual(context.notice, spec.resendNotice, 'notice after a code was sent');
    }
    expectEqual(context.deliveryError, null, 'delivery error');
    // The host's wait before “Send a new code”: 30 s, or none.
    expectEqual(context.resendCooldownMs, spec.cooldown ? 30_000 : 0, 'cooldown');
  },
  ready: ({ context, index }) => {
    expectEqual(context.deliveryError, null, 'delivery error');
    // Opening on “Send a new code” only where the host already sent the first code.
    if (index === 0) expectThat(!spec.sendsOnOpen, 'no code sent on opening');
  },
  failed: ({ context, event }) => {
    if (event.type === 'xstate.error.actor.sendCode')
      expectEqual(context.deliveryError, formMessage(event.error), 'delivery error');
    expectThat(context.deliveryError !== null, 'a failed delivery without a reason');
  },
  none: ({ context, event }) => {
    if (event.type === 'xstate.done.actor.sendCode') expectEqual(event.output, { sent: false }, 'answer');
    expectEqual(context.deliveryError, null, 'delivery error');
  },
});

const activeState =
  (
    spec: CodeEntrySpec,
    phase: (typeof PHASES)[number],
    delivery: (typeof DELIVERIES)[number],
  ): OracleCheck<Machine> =>
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
        notice: step.context.notice,
      },
    );
    fieldPromises(spec)[phase](step);
    deliveryPromises(spec)[delivery](step);
  };

/** The oracle of the code view run with a host's settings. */
export const codeEntryOracleFor = (spec: CodeEntrySpec): ChartOracle =>
  defineOracle(codeEntryMachine, {
    always: ({ context, snapshot }) => {
      expectEqual(context.method, spec.method, 'method');
      if (spec.resendNotice === null) expectEqual(context.notice, null, 'notice');
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
            activeState(spec, phase, delivery),
          ]),
        ),
      ),
      verified: ({ snapshot, event }) => {
        expectEqual(event.type, 'xstate.done.actor.verifyCode', 'event');
        // Accepted with a token (the step-up), or without one (a method being added): its token is then ''.
        const { token, verified } = event.output as { token?: string; verified?: boolean };
        expectThat(Boolean(token) || verified === true, 'verified without the provider accepting the code');
        expectEqual(snapshot.status, 'done', 'status');
        expectEqual(snapshot.output, { token: token ?? '' }, 'output');
        expectFields(
          connectCodeEntry(snapshot, () => {}),
          { phase: 'verified', isReadOnly: true, isInvalid: false },
        );
      },
    },
  });

/** The step-up dialog's code view (the registered chart's input). */
export const codeEntryOracle = codeEntryOracleFor(STEP_UP_EMAIL);

/** “Add a sign-in method” → e-mail address → a code to dana@example.com, on the enrolment token. */
export const ENROLMENT_CODE_SPEC: CodeEntrySpec = {
  method: 'EMAIL_OTP',
  sendsOnOpen: false,
  cooldown: false,
  resendNotice: 'A new code was sent to dana@example.com.',
  showsFailures: true,
  request: {
    method: 'EMAIL_OTP',
    address: 'dana@example.com',
    enrolment: { token: 'enrol.token.sample', baseUrl: '/provider/v1', tenantId: 'flightplan-local' },
  },
};

/** The code view as the add dialog runs it for the first code. */
export const codeEntryEnrolmentOracle = codeEntryOracleFor(ENROLMENT_CODE_SPEC);
