/**
 * What each state of “Generate / Regenerate recovery codes” promises (issue 11; chart input: the user has a
 * set already). Making codes is adding a sign-in method: nothing is generated before the step-up handed out
 * the enrolment token; the new set is shown once, with a .txt download of exactly those codes, and the
 * dialog cannot be closed while they show — only “I saved them” ends it, and the clear codes are then
 * forgotten. The texts are written out again here so the oracle can disagree with the machine.
 */
import { connectRecoveryCodes } from '@machines/recoveryCodes/recoveryCodes.connect';
import { recoveryCodesMachine } from '@machines/recoveryCodes/recoveryCodes.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleStep } from '../oracle';
import { formMessage } from './shared';

type Machine = typeof recoveryCodesMachine;
const EXPIRED = 'The confirmation took too long and expired. Try again.';
const ENROLMENT = { token: 'enroll-token', baseUrl: '/provider/v1', tenantId: 'flightplan-local' };

const view = (step: OracleStep<Machine>) => connectRecoveryCodes(step.snapshot, () => {});
const childInput = (step: OracleStep<Machine>, id: string) =>
  (step.snapshot.children as Record<string, { getSnapshot(): { input?: unknown } } | undefined>)[
    id
  ]?.getSnapshot().input;

export const recoveryCodesOracle = defineOracle(recoveryCodesMachine, {
  always: ({ context, snapshot }) => {
    expectEqual(context.hasCodes, true, 'has a set already');
    // The clear codes exist only while they are shown.
    if (!snapshot.matches('showing')) expectEqual(context.codes, [], 'codes outside “showing”');
  },
  states: {
    authorizing: (step) => {
      // The step-up runs first: no dialog of ours, no token, nothing generated.
      expectEqual(step.context.enrolment, null, 'enrolment token');
      expectEqual(childInput(step, 'authorize'), { request: null }, 'step-up request');
      expectFields(view(step), { isOpen: false, phase: 'authorizing' });
    },
    generating: (step) => {
      const { event } = step;
      if (event.type === 'xstate.done.actor.authorize')
        expectEqual((event.output as { status: string }).status, 'sent', 'step-up outcome');
      else expectEqual(event.type, 'retry', 'event');
      // The provider call runs on the token the step-up handed out.
      expectEqual(childInput(step, 'generateCodes'), { enrolment: ENROLMENT }, 'generate input');
      expectFields(view(step), {
        isOpen: true,
        phase: 'generating',
        title: 'Regenerate recovery codes',
        text: 'Generating your recovery codes…',
        error: null,
        canClose: false,
        download: null,
      });
    },
    failed: (step) => {
      expectEqual(step.event.type, 'xstate.error.actor.generateCodes', 'event');
      expectFields(view(step), {
        isOpen: true,
        phase: 'failed',
        error: formMessage(step.event.error),
        canClose: true,
        codes: [],
        download: null,
      });
    },
    showing: (step) => {
      const { event, context, previous } = step;
      if (event.type === 'xstate.done.actor.generateCodes') {
        expectEqual(context.codes, event.output, 'the codes the provider made');
        expectEqual(context.isCopied, false, 'copied');
      } else {
        expectEqual(event.type, 'codes.copied', 'event');
        expectEqual(context.codes, previous?.context.codes, 'codes kept');
        expectEqual(context.isCopied, true, 'copied');
      }
      const shown = view(step);
      expectEqual(context.codes.length, 10, 'a set of ten');
      expectFields(shown, {
        isOpen: true,
        phase: 'showing',
        title: 'Save your recovery codes',
        text:
          'These 10 codes are shown only now. Keep them somewhere safe, such as a password manager. Each ' +
          'code works once; your previous codes no longer work.',
        canClose: false,
      });
      expectEqual(shown.download?.fileName, 'flightplan-recovery-codes.txt', 'file name');
      for (const code of context.codes)
        expectThat(shown.download?.text.includes(`\n${code}\n`) === true, `${code} missing from the .txt`);
    },
    saved: (step) => {
      expectEqual(step.event.type, 'codes.acknowledge', 'event');
      expectEqual(step.snapshot.output, { status: 'saved' }, 'output');
      expectEqual(step.context.enrolment, null, 'token forgotten');
    },
    cancelled: (step) => {
      const { event } = step;
      if (event.type === 'xstate.done.actor.authorize')
        expectEqual(event.output, { status: 'cancelled' }, 'step-up outcome');
      else expectEqual(event.type, 'dialog.close', 'event');
      expectEqual(step.snapshot.output, { status: 'cancelled' }, 'output');
    },
    refused: (step) => {
      const outcome = step.event.output as { status: string; error?: unknown };
      expectThat(outcome.status === 'refused' || outcome.status === 'expired', `${outcome.status} refused`);
      expectEqual(
        step.snapshot.output,
        { status: 'refused', message: outcome.status === 'expired' ? EXPIRED : formMessage(outcome.error) },
        'output',
      );
    },
  },
});
