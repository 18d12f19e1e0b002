/**
 * The `magicLink` chart's generated paths, replayed in the real magic-link view of the step-up dialog:
 * `ChallengeDialog` over held fake `ChallengeServices` (tests/web/support/challengeDialog.tsx), opened with
 * EMAIL_MAGIC_LINK only, so the view's chart is the dialog's `methodView` child actor (watched through
 * `watchedActorOptions`, tests/paths/viewActors.ts; its poll timer runs on the watch's simulated clock).
 * Sending the link and each status check are the services `sendMagicLink` and `checkMagicLink`; the page's
 * visibility is jsdom's `document.visibilityState` with a `visibilitychange` event, as a browser reports a tab
 * going to the background and coming back. The link's lifetime runs on the same simulated clock.
 */
import '../support/matchers';
import { getChart } from '@machines';
import { MAGIC_LINK_POLL_MS } from '@machines/delays';
import type { MagicLinkContext } from '@machines/magicLink';
import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
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

const EXPIRED = 'This link has expired. Send a new link to try again.';

/** What a browser does when the tab goes to the background or comes back. */
function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/**
 * A challenge token that outlives the link (an hour, read from its `iat`/`exp` like the provider's), so the
 * dialog's own token expiry does not close it before the link's lifetime runs out on the simulated clock.
 */
const LONG_LIVED_TOKEN = `header.${btoa(JSON.stringify({ iat: 0, exp: 3600 }))}.signature`;

/** Status checks made when the page was last hidden: a hidden page makes no more. */
let checksWhenHidden = 0;
/** Status checks made when the link expired: an expired link is not checked again. */
let checksWhenExpired = 0;
const checksMade = (services: ChallengeDialogView['services']) =>
  services.calls.filter((call) => call.name === 'checkMagicLink').length;

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
    setVisibility('visible');
    const view = renderChallengeDialog();
    view.open({ token: LONG_LIVED_TOKEN, user: USER, verificationMethods: ['EMAIL_MAGIC_LINK'] });
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
    'xstate.after.linkLifetime.*': async ({ services }, { event }, run) => {
      await run.advanceTimers(event);
      checksWhenExpired = checksMade(services);
      await run.advanceTimers({ type: `xstate.after.${3 * MAGIC_LINK_POLL_MS}.afterExpiry` });
    },
    'link.resend': ({ user }) => user.click(resendButton()),
    'visibility.hidden': async ({ services }, _step, run) => {
      setVisibility('hidden');
      checksWhenHidden = checksMade(services);
      // Time passes in the background (a few poll intervals): a hidden page asks nothing.
      await run.advanceTimers({ type: `xstate.after.${3 * MAGIC_LINK_POLL_MS}.background` });
    },
    'visibility.visible': () => setVisibility('visible'),
  },
  states: {
    sending: async ({ services }) => {
      await shows('Sending the link…', false);
      await waitFor(() => expect(services.held.map((call) => call.name)).toContain('sendMagicLink'));
    },
    'linkOut.waiting': ({ services }) => {
      expect(services.held.map((call) => call.name)).not.toContain('checkMagicLink');
      return shows(WAITING, true);
    },
    'linkOut.checking': async ({ services }, { event }) => {
      // Shown again after being hidden: a check is made at once, without waiting for the poll interval.
      if (event.type === 'visibility.visible') expect(checksMade(services)).toBe(checksWhenHidden + 1);
      // A status check is out; the person sees the same waiting line.
      await shows(WAITING, true);
      await waitFor(() => expect(services.held.map((call) => call.name)).toContain('checkMagicLink'));
    },
    'linkOut.paused': ({ services }, { event }) => {
      // The page is hidden: no status check since; the waiting line stays for when the person comes back.
      if (event.type === 'visibility.hidden') expect(checksMade(services)).toBe(checksWhenHidden);
      return shows(WAITING, true);
    },
    expired: async ({ services }) => {
      // The link's lifetime ran out: no more checks; the person is told and offered a new link.
      expect(await inDialog().findByRole('alert')).toHaveTextContent(EXPIRED);
      expect(inDialog().queryByText(WAITING)).not.toBeInTheDocument();
      expect(resendButton()).not.toBeDisabled();
      expect(checksMade(services)).toBe(checksWhenExpired);
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
