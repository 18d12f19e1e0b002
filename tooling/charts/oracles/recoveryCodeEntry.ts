/**
 * What each state of the step-up dialog's recovery-code view promises (issue 11): what was typed is kept
 * until the person changes it, the reason for a refusal is shown under the field, and only a token closes
 * the view. The texts are written out again here so the oracle can disagree with the machine.
 */
import { connectRecoveryCodeEntry } from '@machines/recoveryCodeEntry/recoveryCodeEntry.connect';
import { recoveryCodeEntryMachine } from '@machines/recoveryCodeEntry/recoveryCodeEntry.machine';
import { defineOracle, expectEqual, expectFields, expectThat } from '../oracle';
import { formMessage } from './shared';

const noop = () => {};
const viewOf = (snapshot: Parameters<typeof connectRecoveryCodeEntry>[0]) =>
  connectRecoveryCodeEntry(snapshot, noop);

/** The wrong-code line with the attempts the provider reported. */
function wrongCode(attemptsRemaining: number | undefined): string {
  if (attemptsRemaining === undefined) return 'That recovery code is not correct.';
  return `That recovery code is not correct. ${attemptsRemaining} ${attemptsRemaining === 1 ? 'attempt' : 'attempts'} left.`;
}

export const recoveryCodeEntryOracle = defineOracle(recoveryCodeEntryMachine, {
  states: {
    editing: ({ snapshot, context, event }) => {
      // Typing clears any message; the field is usable and nothing is verified yet.
      if (event.type === 'code.change') expectEqual(context.code, event.value, 'code as typed');
      expectFields(viewOf(snapshot), {
        phase: 'editing',
        fieldError: null,
        isInvalid: false,
        isReadOnly: false,
        submitLabel: 'Verify',
      });
      expectEqual(context.token, null, 'token');
    },
    checking: ({ snapshot, context, previous }) => {
      // Only something typed is sent, and it is sent as typed.
      expectThat(context.code.trim() !== '', 'checking an empty code');
      if (previous) expectEqual(context.code, previous.context.code, 'code sent as typed');
      expectFields(viewOf(snapshot), {
        phase: 'checking',
        fieldError: null,
        isReadOnly: true,
        submitLabel: 'Verifying…',
      });
    },
    refused: ({ snapshot, context, event, previous }) => {
      // What was typed stays, so a typo can be fixed.
      if (previous) expectEqual(context.code, previous.context.code, 'code kept');
      if (event.type === 'code.submit') {
        expectEqual(context.code.trim(), '', 'a filled-in code refused without asking');
        expectEqual(context.fieldError, 'Enter a recovery code', 'message');
      } else if (event.type === 'xstate.done.actor.verifyRecoveryCode') {
        const answer = event.output as { error?: string; attemptsRemaining?: number };
        expectEqual(context.fieldError, answer.error ?? wrongCode(answer.attemptsRemaining), 'message');
      } else if (event.type === 'xstate.error.actor.verifyRecoveryCode') {
        expectEqual(context.fieldError, formMessage(event.error), 'message');
      }
      expectFields(viewOf(snapshot), { phase: 'refused', isInvalid: true, isReadOnly: false });
      expectEqual(context.token, null, 'token');
    },
    verified: ({ snapshot, event }) => {
      // Only the provider's token ends the view, and it is what the dialog hands on.
      expectEqual(event.type, 'xstate.done.actor.verifyRecoveryCode', 'event');
      const token = (event.output as { token: string }).token;
      expectEqual(snapshot.status, 'done', 'status');
      expectEqual(snapshot.output, { token }, 'output');
      expectFields(viewOf(snapshot), { phase: 'verified', isReadOnly: true });
    },
  },
});
