/**
 * What each state of the step-up confirmation promises (chart input: the launch modal's request). The spec
 * (README “Step-up on risky actions”): the request goes to the server; a 403 CHALLENGE_REQUIRED opens the
 * “Confirm it's you” dialog with the server's challenge; a verified token sends the same request again with
 * the token (once); a closed dialog ends with nothing done; an expired one ends as expired; any other refusal,
 * or a dialog that cannot open, ends refused with the reason. The actors' inputs are what the server and the
 * dialog receive, so the checks read them from the invoked children.
 */
import { stepUpConfirmationMachine } from '@machines/stepUpConfirmation/stepUpConfirmation.machine';
import { defineOracle, expectEqual, expectThat, type OracleStep } from '../oracle';

type Machine = typeof stepUpConfirmationMachine;

/** The chart's sample request (machines/stepUpConfirmation/stepUpConfirmation.chart.ts). */
const REQUEST = { kind: 'launchCampaign', id: '00000000-0000-4000-8000-000000000042' };

/** The input an invoked child was started with (the inert actors of the path runner keep it). */
function childInput(step: OracleStep<Machine>, id: string): unknown {
  const child = (
    step.snapshot.children as Record<string, { getSnapshot(): { input?: unknown } } | undefined>
  )[id];
  expectThat(child !== undefined, `no ${id} actor is running`);
  return child.getSnapshot().input;
}

/** A final state: done, with this output, and nothing left running. */
function ended(step: OracleStep<Machine>, output: unknown) {
  expectEqual(step.snapshot.status, 'done', 'status');
  expectEqual(step.snapshot.output, output, 'output');
}

export const stepUpConfirmationOracle = defineOracle(stepUpConfirmationMachine, {
  always: ({ context }) => expectEqual(context.request, REQUEST, 'request kept as given'),
  states: {
    sending: (step) => {
      const { event, previous } = step;
      if (event.type === 'xstate.init') {
        // The first time: without a token.
        expectEqual(childInput(step, 'sendRequest'), { request: REQUEST, stepUpToken: null }, 'request sent');
        return;
      }
      // Again, after the person confirmed it's them: with the dialog's verified token.
      expectEqual(event.type, 'xstate.done.actor.confirmIdentity', 'event');
      expectThat(previous?.matches('confirming') === true, 'sent again without confirming');
      const outcome = event.output as { status: string; token?: string };
      expectEqual(outcome.status, 'succeeded', 'dialog outcome');
      expectEqual(
        childInput(step, 'sendRequest'),
        { request: REQUEST, stepUpToken: outcome.token },
        'request sent again',
      );
    },
    confirming: (step) => {
      const { event, context } = step;
      // Only the server's CHALLENGE_REQUIRED opens the dialog, with the challenge it carried.
      expectEqual(event.type, 'xstate.error.actor.sendRequest', 'event');
      const error = event.error as { status?: number; errorCode?: string; challenge?: unknown };
      expectEqual([error.status, error.errorCode], [403, 'CHALLENGE_REQUIRED'], 'refusal');
      expectEqual(childInput(step, 'confirmIdentity'), error.challenge, 'challenge given to the dialog');
      // A token is good for one request: none is kept while the dialog is open.
      expectEqual(context.stepUpToken, null, 'token while the dialog is open');
    },
    sent: (step) => {
      expectEqual(step.event.type, 'xstate.done.actor.sendRequest', 'event');
      ended(step, { status: 'sent', response: step.event.output });
    },
    refused: (step) => {
      const { event } = step;
      if (event.type === 'xstate.error.actor.sendRequest') {
        expectThat(
          (event.error as { errorCode?: string }).errorCode !== 'CHALLENGE_REQUIRED',
          'a CHALLENGE_REQUIRED ended as a refusal',
        );
      } else {
        // The dialog could not open (its runtime did not load).
        expectEqual(event.type, 'xstate.error.actor.confirmIdentity', 'event');
      }
      ended(step, { status: 'refused', error: event.error });
    },
    cancelled: (step) => {
      expectEqual(step.event.type, 'xstate.done.actor.confirmIdentity', 'event');
      expectEqual(step.event.output, { status: 'cancelled' }, 'dialog outcome');
      ended(step, { status: 'cancelled' });
    },
    expired: (step) => {
      expectEqual(step.event.type, 'xstate.done.actor.confirmIdentity', 'event');
      expectEqual(step.event.output, { status: 'expired' }, 'dialog outcome');
      ended(step, { status: 'expired' });
    },
  },
});
