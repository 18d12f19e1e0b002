/**
 * The `recoveryCodeEntry` chart's generated paths, replayed in the real recovery-code view of the step-up
 * dialog: `ChallengeDialog` over held fake `ChallengeServices` (tests/web/support/challengeDialog.tsx),
 * opened with RECOVERY_CODE only, so the view's chart is the dialog's `methodView` child actor (watched
 * through `watchedActorOptions`). Checking a code is the service `verifyRecoveryCode`: the path's sample
 * outputs and errors settle it. A `code.change` is one edit of the text field (`replaceText`).
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { RecoveryCodeEntryContext, RecoveryCodeEntryMachine } from '@machines/recoveryCodeEntry';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import { describeViewPathTests, replaceText, type StateCheck } from '../../paths/viewPathTests';
import {
  type ChallengeDialogView,
  dialogClosed,
  findChallengeDialog,
  inDialog,
  renderChallengeDialog,
} from '../support/challengeDialog';

const chart = getChart('recoveryCodeEntry');
const USER = { email: 'dana@example.com' };
const PROMPT = 'Enter one of your recovery codes to proceed. Each code works once.';

const field = () => inDialog().getByRole('textbox', { name: 'Recovery code' }) as HTMLInputElement;
type Actor = ActorRefFrom<RecoveryCodeEntryMachine>;

/** The view in `phase`: the prompt, the field with what the chart holds, the message, the button. */
function codeView(phase: 'editing' | 'checking' | 'refused'): StateCheck<ChallengeDialogView> {
  return async ({ services, stepUp }) => {
    await findChallengeDialog();
    expect(inDialog().getByText(PROMPT)).toBeInTheDocument();
    const own = (stepUp.actor.getSnapshot().children.methodView as Actor).getSnapshot().context;
    await waitFor(() => expect(field().value).toBe(own.code));
    const message = inDialog().getByRole('alert');
    if (phase === 'refused') {
      expect(own.fieldError).not.toBeNull();
      expect(message).toHaveTextContent(own.fieldError!);
      expect(field()).toHaveAttribute('aria-invalid', 'true');
    } else {
      expect(message).toBeEmptyDOMElement();
      expect(field()).toHaveAttribute('aria-invalid', 'false');
    }
    if (phase === 'checking') {
      expect(field()).toHaveAttribute('readonly');
      expect(inDialog().getByRole('button', { name: 'Verifying…' })).toBeDisabled();
      await waitFor(() => expect(services.held.map((call) => call.name)).toContain('verifyRecoveryCode'));
    } else {
      expect(field()).not.toHaveAttribute('readonly');
      expect(inDialog().getByRole('button', { name: 'Verify' })).not.toBeDisabled();
    }
  };
}

describeViewPathTests<ChallengeDialogView>({
  chart,
  async render() {
    const view = renderChallengeDialog();
    view.open({ token: 'challenge-token', user: USER, verificationMethods: ['RECOVERY_CODE'] });
    await findChallengeDialog();
    return view;
  },
  compareContext: (context: RecoveryCodeEntryContext) => chart.abstractContext?.(context),
  events: {
    'code.change': ({ user }, { event }) => replaceText(user, field(), event.value as string),
    'code.submit': ({ user }) => user.click(inDialog().getByRole('button', { name: 'Verify' })),
    'xstate.done.actor.verifyRecoveryCode': async ({ services }, { event, path, index }) => {
      const call = await services.settle('verifyRecoveryCode', { output: event.output });
      // The code goes to the provider as typed.
      const typed = (path.steps[index - 1]!.state.context as RecoveryCodeEntryContext).code;
      expect(call.args).toEqual([typed]);
    },
    'xstate.error.actor.verifyRecoveryCode': ({ services }, { event }) =>
      services.settle('verifyRecoveryCode', { error: event.error }),
  },
  states: {
    editing: codeView('editing'),
    checking: codeView('checking'),
    refused: codeView('refused'),
    verified: async (view, { event }) => {
      // The provider took the code: the dialog closes with its token.
      await dialogClosed();
      const token = (event.output as { token: string }).token;
      await waitFor(() => expect(view.outcomes).toEqual([{ status: 'succeeded', token }]));
    },
  },
});
