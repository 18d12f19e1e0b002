/**
 * The `recoveryCodes` chart's generated paths, replayed on the real /settings/security page, whose chart
 * invokes it (`ready.managingCodes`; its actor is watched among the page actor's descendants, see
 * tests/paths/viewActors.ts). The user has a set already (the chart's input: “Regenerate”), and each path
 * starts with a click on “Regenerate”. The step-up is played as the server does: POST
 * /api/security/enrollment-token is answered CHALLENGE_REQUIRED, the step-up dialog (the challenge
 * feature's `requestStepUp`, waiting here) ends as `xstate.done.actor.authorize` says, and when it was
 * confirmed the POST goes again with the verified token and answers the enrolment token; a refusal is the
 * server's first answer. The provider's POST /client/user-authenticators/recovery-codes waits for the
 * path's `generateCodes` step.
 */
import '../support/matchers';
import type { ChallengeOptions, UserAuthenticator } from '@contract/provider';
import { getChart } from '@machines';
import type { RecoveryCodesContext } from '@machines/recoveryCodes';
import type { StepUpConfirmationOutput } from '@machines/stepUpConfirmation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests, type ViewStep } from '../../paths/viewPathTests';
import { json } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';
import { settingsServer } from '../support/settingsServer';
import { heldStepUps } from '../support/stepUp';

vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

/** Step-ups the page asked for, held until the path's step settles them. */
const { takeStepUp } = heldStepUps();

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

interface PageView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const chart = getChart('recoveryCodes');
const ENROL = (request: { method: string; path: string }) =>
  request.method === 'POST' && request.path === '/api/security/enrollment-token';
const GENERATE = (request: { method: string; path: string }) =>
  request.method === 'POST' && request.path === '/provider/v1/client/user-authenticators/recovery-codes';
const LIST = (request: { method: string; path: string }) =>
  request.method === 'GET' && request.path === '/api/security/authenticators';

/** The user's current set: 3 of 10 left. */
const CODES_SET: UserAuthenticator = {
  userAuthenticatorId: '22222222-2222-4222-8222-222222222222',
  verificationMethod: 'RECOVERY_CODE',
  label: 'Recovery codes',
  createdAt: '2026-11-01T10:00:00.000Z',
  isVerified: true,
  recoveryCodesLeft: 3,
};

const contextOf = (state: ViewStep['state']) => state.context as RecoveryCodesContext;
const codesDialog = () => screen.getByRole('alertdialog');
const regenerate = () => screen.getByRole('button', { name: 'Regenerate' });

const challengeRequired = () =>
  json(
    {
      message: 'Confirm it’s you to continue.',
      errorCode: 'CHALLENGE_REQUIRED',
      challenge: { token: 'challenge-token', user: { email: 'dana@example.com' } },
    },
    { status: 403 },
  );

/** Ends the step-up the way the path says (see the header). */
async function endAuthorizing({ server }: PageView, outcome: StepUpConfirmationOutput) {
  if (outcome.status === 'refused') {
    await server.answerWith(ENROL, { error: outcome.error });
    return;
  }
  const first = await server.respond(ENROL, challengeRequired());
  expect(first.headers.get('x-step-up-token')).toBeNull();
  const pending = await takeStepUp();
  expect((pending.challenge as ChallengeOptions).token).toBe('challenge-token');
  if (outcome.status !== 'sent') {
    pending.resolve(outcome);
    return;
  }
  pending.resolve({ status: 'succeeded', token: 'verified-for-codes' });
  const again = await server.respond(ENROL, json((outcome as { response: unknown }).response));
  expect(again.headers.get('x-step-up-token')).toBe('verified-for-codes');
}

describeViewPathTests<PageView>({
  chart,
  compareContext: (context: RecoveryCodesContext) => chart.abstractContext?.(context),
  async render() {
    settingsServer({});
    const server = heldServer({
      hold: (r) => ENROL(r) || GENERATE(r) || LIST(r),
      fallback: globalThis.fetch,
    });
    renderApp('/settings/security');
    await screen.findByRole('heading', { name: 'Security', level: 1 });
    await server.respond(LIST, json({ authenticators: [CODES_SET] }));
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Recovery codes: 3 of 10 left')).toBeInTheDocument();
    await user.click(regenerate());
    return { server, user };
  },
  events: {
    'xstate.done.actor.authorize': (view, { event }) =>
      endAuthorizing(view, event.output as StepUpConfirmationOutput),
    'xstate.done.actor.generateCodes': async ({ server }, { event }) => {
      const call = await server.respond(GENERATE, json({ recoveryCodes: event.output }));
      // The provider call runs on the enrolment token the step-up handed out.
      expect(call.headers.get('authorization')).toBe('Bearer enroll-token');
    },
    'xstate.error.actor.generateCodes': ({ server }, { event }) => {
      const { status, message } = event.error as { status: number; message: string };
      return server.respond(
        GENERATE,
        json({ error: 'invalid_request', errorDescription: message }, { status }),
      );
    },
    'codes.copied': ({ user }) => user.click(within(codesDialog()).getByRole('button', { name: 'Copy' })),
    'codes.acknowledge': ({ user }) =>
      user.click(within(codesDialog()).getByRole('button', { name: 'I saved them' })),
    retry: ({ user }) => user.click(within(codesDialog()).getByRole('button', { name: 'Try again' })),
    'dialog.close': ({ user }) => user.click(within(codesDialog()).getByRole('button', { name: 'Close' })),
  },
  states: {
    authorizing: async () => {
      // The step-up runs first: no codes dialog, and the page's buttons wait.
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      await waitFor(() => expect(regenerate()).toBeDisabled());
    },
    generating: async () => {
      const dialog = await screen.findByRole('alertdialog', { name: 'Regenerate recovery codes' });
      expect(within(dialog).getByRole('status')).toHaveTextContent('Generating…');
      expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    },
    failed: async (_view, { state }) => {
      const dialog = await screen.findByRole('alertdialog', { name: 'Regenerate recovery codes' });
      await waitFor(() => expect(within(dialog).getByRole('alert')).not.toBeEmptyDOMElement());
      expect(within(dialog).getByRole('alert')).toHaveTextContent(contextOf(state).error ?? '');
      expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    },
    showing: async (_view, { state }) => {
      // The set, shown once: each code, Copy, Download (.txt) and only “I saved them” to end it.
      const dialog = await screen.findByRole('alertdialog', { name: 'Save your recovery codes' });
      const shown = within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      expect(shown).toEqual(contextOf(state).codes);
      expect(
        within(dialog).getByRole('button', { name: contextOf(state).isCopied ? 'Copied' : 'Copy' }),
      ).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Download (.txt)' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
      expect(dialog).toHaveAccessibleDescription(/shown only now.*previous codes no longer work/);
    },
    saved: async () => {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(await screen.findByText('Recovery codes saved. Each one works once.')).toBeInTheDocument();
    },
    cancelled: async () => {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(screen.getByText('Recovery codes: 3 of 10 left')).toBeInTheDocument();
      expect(screen.queryByRole('alert', { name: /could not/ })).not.toBeInTheDocument();
    },
    refused: async (_view, { event }) => {
      // Why the step-up did not let the codes be made, above the list.
      const outcome = event.output as { status: string; error?: { message: string } };
      const text =
        outcome.status === 'expired'
          ? 'The confirmation took too long and expired. Try again.'
          : (outcome.error?.message ?? '');
      expect(await screen.findByText(text)).toBeInTheDocument();
      await waitFor(() => expect(regenerate()).not.toBeDisabled());
    },
  },
});
