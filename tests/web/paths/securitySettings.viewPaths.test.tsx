/**
 * The `securitySettings` chart's generated paths, replayed on the real /settings/security page. The list
 * (GET /api/security/authenticators) and the removal (DELETE) wait for the path's steps; the add dialog's own
 * calls (enrolment token, TOTP enrolment and a right first code) are answered at once, so
 * `xstate.done.actor.enrolAuthenticator` is a person adding an authenticator app. The removal is sent through
 * the step-up confirmation (`stepUpConfirmation`, invoked as `removeAuthenticator`): its done event says how
 * that ended, and the test plays it as the server does — the removal is answered CHALLENGE_REQUIRED, the
 * step-up dialog (the challenge feature's `requestStepUp`, waiting here) ends as the path says, and when it
 * was confirmed the DELETE goes again with the verified token; a refusal is the server's first answer.
 * Adding is played the same way (issue 11): “Add a sign-in method” posts for the enrolment token, which the
 * server answers CHALLENGE_REQUIRED; the step-up ends as `xstate.done.actor.authorizeAdding` says, and when it
 * was confirmed the POST goes again with the verified token and the add dialog opens on the token it answers.
 * Recovery codes run the same step-up (their own chart, `recoveryCodes`): `saved` is a confirmed step-up, the
 * provider's new set shown in the codes dialog and “I saved them”; `cancelled` a closed step-up dialog;
 * `refused` (the sample's expiry message) a step-up that expired.
 */
import '../support/matchers';
import type { ChallengeOptions, UserAuthenticator } from '@contract/provider';
import { getChart } from '@machines';
import { authenticatorName, type SecuritySettingsContext } from '@machines/securitySettings';
import type { StepUpConfirmationOutput } from '@machines/stepUpConfirmation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests } from '../../paths/viewPathTests';
import { json } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';
import { jsonResponse, settingsServer } from '../support/settingsServer';
import { heldStepUps } from '../support/stepUp';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
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

const LIST = (request: { method: string; path: string }) =>
  request.method === 'GET' && request.path === '/api/security/authenticators';
const DELETE = (request: { method: string; path: string }) =>
  request.method === 'DELETE' && request.path.startsWith('/api/security/authenticators/');
const ENROL = (request: { method: string; path: string }) =>
  request.method === 'POST' && request.path === '/api/security/enrollment-token';
const SECRET = 'JBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);

const context = (state: { context: unknown }) => state.context as SecuritySettingsContext;
const confirmation = () => screen.getByRole('alertdialog');

/** The server's answer to a removal without a verified token. */
const challengeRequired = () =>
  json(
    {
      message: 'Confirm it’s you to continue.',
      errorCode: 'CHALLENGE_REQUIRED',
      challenge: { token: 'challenge-token', user: { email: 'dana@example.com' } },
    },
    { status: 403 },
  );

/**
 * Ends the removal's step-up confirmation the way the path says: `sent` — the server asks for a step-up, the
 * person confirms, the DELETE goes again with X-Step-Up-Token and succeeds; `cancelled`/`expired` — the
 * server asks, the dialog ends so; `refused` — the server refuses the removal itself.
 */
async function endRemoval({ server }: PageView, outcome: StepUpConfirmationOutput) {
  if (outcome.status === 'refused') {
    await server.answerWith(DELETE, { error: outcome.error });
    return;
  }
  const first = await server.respond(DELETE, challengeRequired());
  expect(first.headers.get('x-step-up-token')).toBeNull();
  const pending = await takeStepUp();
  expect((pending.challenge as ChallengeOptions).token).toBe('challenge-token');
  if (outcome.status !== 'sent') {
    pending.resolve(outcome);
    return;
  }
  pending.resolve({ status: 'succeeded', token: 'verified-token' });
  const again = await server.respond(DELETE, json({ success: true }));
  expect(again.headers.get('x-step-up-token')).toBe('verified-token');
}

/**
 * Ends the step-up before adding the way the path says: `sent` — the server asks for a step-up, the person
 * confirms, the POST goes again with X-Step-Up-Token and answers the enrolment token; `cancelled`/`expired` —
 * the dialog ends so; `refused` — the server refuses the request itself.
 */
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
  pending.resolve({ status: 'succeeded', token: 'verified-for-adding' });
  const again = await server.respond(
    ENROL,
    json({ token: 'enrol-token', baseUrl: '/provider/v1', tenantId: 'flightplan-local' }),
  );
  expect(again.headers.get('x-step-up-token')).toBe('verified-for-adding');
}

/** The list as the context holds it (or the empty state), and the notice above it. */
async function expectList({ authenticators, notice }: SecuritySettingsContext) {
  if (authenticators.length === 0) {
    expect(await screen.findByText('No sign-in methods yet')).toBeInTheDocument();
  } else {
    await waitFor(() => expect(screen.getAllByTestId('authenticator')).toHaveLength(authenticators.length));
  }
  if (notice) expect(screen.getByText(notice.text)).toBeInTheDocument();
}

async function expectConfirmation(ctx: SecuritySettingsContext, busy: boolean) {
  const dialog = await screen.findByRole('alertdialog');
  const name = ctx.removal ? authenticatorName(ctx.removal) : '';
  expect(within(dialog).getByRole('heading', { name: `Remove ${name}?` })).toBeInTheDocument();
  const remove = within(dialog).getByRole('button', { name: busy ? 'Removing…' : 'Remove' });
  if (busy) expect(remove).toBeDisabled();
  else await waitFor(() => expect(remove).not.toBeDisabled());
  if (ctx.removeError) expect(within(dialog).getByRole('alert')).toHaveTextContent(ctx.removeError);
  else expect(within(dialog).getByRole('alert')).toBeEmptyDOMElement();
}

describeViewPathTests<PageView>({
  chart: getChart('securitySettings'),
  compareContext: ({ authenticators, notice, removal, removeError }: SecuritySettingsContext) => ({
    ids: authenticators.map((a) => a.userAuthenticatorId),
    notice,
    removal: removal?.userAuthenticatorId ?? null,
    removeError,
  }),
  async render() {
    settingsServer({}, (call) => {
      if (call.path === '/provider/v1/client/user-authenticators/totp')
        return jsonResponse({ uri: `otpauth://totp/Flightplan:demo?secret=${SECRET}`, secret: SECRET });
      if (call.path === '/provider/v1/client/user-authenticators/recovery-codes')
        return jsonResponse({ recoveryCodes: CODES });
      if (call.path === '/provider/v1/client/verify/totp')
        return jsonResponse({ isVerified: true, accessToken: 'verified-token' });
      return undefined;
    });
    const server = heldServer({ hold: (r) => LIST(r) || DELETE(r) || ENROL(r), fallback: globalThis.fetch });
    renderApp('/settings/security');
    await screen.findByRole('heading', { name: 'Security', level: 1 });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadAuthenticators': ({ server }, { event }) =>
      server.answerWith(LIST, { body: { authenticators: event.output as UserAuthenticator[] } }),
    'xstate.error.actor.loadAuthenticators': ({ server }, { event }) =>
      server.answerWith(LIST, { error: event.error }),
    'xstate.done.actor.refreshAuthenticators': ({ server }, { event }) =>
      server.answerWith(LIST, { body: { authenticators: event.output as UserAuthenticator[] } }),
    'xstate.error.actor.refreshAuthenticators': ({ server }, { event }) =>
      server.answerWith(LIST, { error: event.error }),
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'add.start': ({ user }) =>
      user.click(screen.getAllByRole('button', { name: 'Add a sign-in method' })[0]!),
    'add.cancel': ({ user }) =>
      user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })),
    'xstate.done.actor.authorizeAdding': (view, { event }) =>
      endAuthorizing(view, event.output as StepUpConfirmationOutput),
    'xstate.done.actor.enrolAuthenticator': async ({ user }) => {
      const dialog = screen.getByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: /Authenticator app/ }));
      await user.click(await within(dialog).findByRole('textbox', { name: 'Digit 1 of 6' }));
      await user.keyboard('123456');
    },
    'remove.request': ({ user }, { event }) => {
      const item = screen.getAllByTestId('authenticator').find((row) => row.dataset.id === event.id);
      return user.click(within(item ?? document.body).getByRole('button', { name: /^Remove/ }));
    },
    'remove.confirm': ({ user }) =>
      user.click(within(confirmation()).getByRole('button', { name: 'Remove' })),
    'remove.cancel': ({ user }) => user.click(within(confirmation()).getByRole('button', { name: 'Cancel' })),
    'xstate.done.actor.removeAuthenticator': (view, { event }) =>
      endRemoval(view, event.output as StepUpConfirmationOutput),
    'notice.dismiss': ({ user }) => user.click(screen.getByRole('button', { name: 'Dismiss' })),
    'codes.start': ({ user }) => user.click(screen.getByRole('button', { name: 'Generate recovery codes' })),
    'xstate.done.actor.recoveryCodes': async (view, { event }) => {
      const outcome = event.output as { status: 'saved' | 'cancelled' | 'refused' };
      await endAuthorizing(view, {
        status:
          outcome.status === 'saved' ? 'sent' : outcome.status === 'cancelled' ? 'cancelled' : 'expired',
      } as StepUpConfirmationOutput);
      if (outcome.status !== 'saved') return;
      // The new set, shown once; only “I saved them” ends the dialog.
      const dialog = await screen.findByRole('alertdialog', { name: 'Save your recovery codes' });
      const shown = within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      expect(shown).toEqual(CODES);
      expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
      await view.user.click(within(dialog).getByRole('button', { name: 'I saved them' }));
    },
  },
  states: {
    loading: () => expect(screen.getByText('Loading…')).toBeInTheDocument(),
    loadFailed: async () => {
      expect(await screen.findByText('Your sign-in methods could not be loaded.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    },
    'ready.idle': async (_view, { state }) => {
      await expectList(context(state));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    },
    'ready.authorizingAdd': async () => {
      // The step-up runs first: no add dialog yet, and the button waits.
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getAllByRole('button', { name: 'Add a sign-in method' })[0]).toBeDisabled(),
      );
    },
    'ready.adding': async () => {
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('heading', { name: 'Add a sign-in method' })).toBeInTheDocument();
    },
    'ready.refreshing': async (_view, { state }) => {
      const { notice } = context(state);
      if (notice) expect(await screen.findByText(notice.text)).toBeInTheDocument();
      else await waitFor(() => expect(screen.queryByText(/ added\.$/)).not.toBeInTheDocument());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
    'ready.managingCodes': async () => {
      // The step-up runs first: no codes dialog yet, and the button waits.
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Generate recovery codes' })).toBeDisabled(),
      );
    },
    'ready.confirmingRemoval': (_view, { state }) => expectConfirmation(context(state), false),
    'ready.removing': (_view, { state }) => expectConfirmation(context(state), true),
  },
});
