/**
 * The `magicLink` chart's generated paths, replayed in the real magic-link view of the step-up dialog:
 * `ChallengeDialog` over held fake `ChallengeServices` (tests/web/support/challengeDialog.tsx), opened with
 * EMAIL_MAGIC_LINK only, so the view's chart is the dialog's `methodView` child actor (watched through
 * `watchedActorOptions`, tests/paths/viewActors.ts; its poll timer runs on the watch's simulated clock).
 * Sending the link and each status check are the services `sendMagicLink` and `checkMagicLink`.
 */
import '../support/matchers';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { getChart } from '../../../machines';
import type { MagicLinkContext } from '../../../machines/magicLink';
import { describeViewPathTests } from '../../paths/viewPathTests';
import {
  type ChallengeDialogView,
  dialogClosed,
  findChallengeDialog,
  inDialog,
  renderChallengeDialog,
} from '../support/challengeDialog';

const chart = getChart('magicLink');
const USER = { email: 'dana@example.com' };
const PROMPT = 'A verification link was sent to dana@example.com. Click the link to proceed.';
const WAITING = 'Waiting for you to click the link…';

const resendButton = () => inDialog().getByRole('button', { name: 'Send a new link' });

/** The prompt, the status line, and whether “Send a new link” can be used. */
async function shows(status: string, canResend: boolean) {
  expect(await inDialog().findByText(status)).toBeInTheDocument();
  expect(inDialog().getByText(PROMPT)).toBeInTheDocument();
  if (canResend) expect(resendButton()).not.toBeDisabled();
  else expect(resendButton()).toBeDisabled();
}

describeViewPathTests<ChallengeDialogView>({
  chart,
  async render() {
    const view = renderChallengeDialog();
    view.open({ token: 'challenge-token', user: USER, verificationMethods: ['EMAIL_MAGIC_LINK'] });
    await findChallengeDialog();
    return view;
  },
  events: {
    'xstate.done.actor.sendLink': ({ services }, { event }) =>
      services.settle('sendMagicLink', { output: event.output }),
    'xstate.error.actor.sendLink': ({ services }, { event }) =>
      services.settle('sendMagicLink', { error: event.error }),
    'xstate.done.actor.checkStatus': ({ services }, { event }) =>
      services.settle('checkMagicLink', { output: event.output }),
    'xstate.error.actor.checkStatus': ({ services }, { event }) =>
      services.settle('checkMagicLink', { error: event.error }),
    'link.resend': ({ user }) => user.click(resendButton()),
  },
  states: {
    sending: async ({ services }) => {
      await shows('Sending the link…', false);
      await waitFor(() => expect(services.held.map((call) => call.name)).toContain('sendMagicLink'));
    },
    waiting: ({ services }) => {
      expect(services.held.map((call) => call.name)).not.toContain('checkMagicLink');
      return shows(WAITING, true);
    },
    checking: async ({ services }) => {
      // A status check is out; the person sees the same waiting line.
      await shows(WAITING, true);
      await waitFor(() => expect(services.held.map((call) => call.name)).toContain('checkMagicLink'));
    },
    failed: async (_view, { state }) => {
      const { error } = state.context as MagicLinkContext;
      expect(await inDialog().findByRole('alert')).toHaveTextContent(error!);
      expect(inDialog().queryByText(WAITING)).not.toBeInTheDocument();
      expect(resendButton()).not.toBeDisabled();
    },
    verified: async (view, { event }) => {
      // The link was followed: the dialog closes with its token.
      await dialogClosed();
      const token = (event.output as { token: string }).token;
      await waitFor(() => expect(view.outcomes).toEqual([{ status: 'succeeded', token }]));
    },
  },
});
