/**
 * The `platformConnection` chart's generated paths, replayed on the real /platforms page over a fake API:
 * POST /api/platforms/{key}/connect and DELETE /api/platforms/{key}/connection wait for the path's done /
 * error steps; the callback's outcome arrives as a navigation to `/platforms?connected=…` /
 * `?connectError=…`; leaving for the consent page is the one seam (`leavePage.ts`), recorded here.
 */
import '../support/matchers';
import type { PlatformConnection } from '@contract/connections';
import { getChart } from '@machines';
import type { PlatformConnectionContext } from '@machines/platformConnection';
import type { StepUpConfirmationOutput } from '@machines/stepUpConfirmation';
import { resetStepUp } from '@src/features/challenge/requestStepUp';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests, type ViewStep } from '../../paths/viewPathTests';
import { json, type SeenRequest, SIGNED_IN_USER, stubFetch } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);
const left = vi.hoisted(() => [] as string[]);
vi.mock('@src/features/platforms/leavePage', () => ({
  leavePageFor: (url: string) => left.push(url),
}));

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  left.length = 0;
  // Each path loads the step-up afresh (its configuration is a held request).
  resetStepUp();
});

const chart = getChart('platformConnection');

const row = (
  platform: string,
  displayName: string,
  status: PlatformConnection['status'],
): PlatformConnection => ({
  platform,
  displayName,
  status,
  adAccount: status === 'not_connected' ? null : { id: `${platform}-act-1`, name: 'Main account' },
  connectedAt: status === 'not_connected' ? null : '2026-11-01T10:00:00.000Z',
  accessExpiresAt: status === 'not_connected' ? null : '2099-01-01T00:00:00.000Z',
  scope: status === 'not_connected' ? null : 'ads_read ads_management',
  problem: status === 'needs_reconnect' ? 'Access was revoked on Meta.' : null,
  lastSync: null,
  runningCampaigns: [],
});
const CONNECTIONS = [
  row('meta', 'Meta', 'needs_reconnect'),
  row('google', 'Google Ads', 'connected'),
  row('tiktok', 'TikTok', 'not_connected'),
];

const CONNECT = (r: SeenRequest) => r.method === 'POST' && /^\/api\/platforms\/[a-z]+\/connect$/.test(r.path);
const DISCONNECT = (r: SeenRequest) => r.method === 'DELETE' && r.path.endsWith('/connection');
const SYNC = (r: SeenRequest) => r.method === 'POST' && /^\/api\/platforms\/[a-z]+\/sync$/.test(r.path);

/** The step-up: the app's provider configuration, and the provider calls of the e-mail code view. */
const STEP_UP_CONFIG = '/api/security/provider';
const SEND_CODE = '/provider/v1/client/challenge/email-otp';
const VERIFY_CODE = '/provider/v1/client/verify/email-otp';
const STEP_UP_HELD = new Set([STEP_UP_CONFIG, SEND_CODE, VERIFY_CODE]);
const PROVIDER_CONFIG = { tenantId: 'tenant-flightplan', baseUrl: '/provider/v1', appearance: {} };
const CHALLENGE_EMAIL = 'demo@flightplan.test';
/** The server's answer to a risky request without a verified token (as to a launch or a delete). */
const challengeRefusal = (description: string) => ({
  status: 403,
  message: 'Confirm it’s you to continue.',
  errorCode: 'CHALLENGE_REQUIRED',
  challenge: {
    token: 'challenge-token',
    user: { email: CHALLENGE_EMAIL },
    verificationMethods: ['EMAIL_OTP'],
    description,
  },
});
const DISCONNECT_STEP_UP = 'Disconnect Google Ads (ad account Main account)';
const RECONNECT_STEP_UP = 'Reconnect TikTok (replacing ad account Main account)';
const VERIFIED_TOKEN = 'verified-token';

interface Page {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
  router: ReturnType<typeof renderApp>['router'];
}

/**
 * Ends a disconnect (or a connect over an existing connection) the way the path's step-up confirmation
 * ended, as the server does: a refusal is its first answer; otherwise it first answers CHALLENGE_REQUIRED
 * and the real challenge dialog opens on the e-mail code view: confirmed (six digits, the provider's token,
 * the request again with X-Step-Up-Token),
 * closed (its Close button), or expired (the provider refuses the code delivery with expired_token).
 */
async function endThroughStepUp(
  { server, user }: Page,
  route: (r: SeenRequest) => boolean,
  description: string,
  outcome: StepUpConfirmationOutput,
): Promise<void> {
  if (outcome.status === 'refused') {
    await server.answerWith(route, { error: outcome.error });
    return;
  }
  const first = await server.answerWith(route, { error: challengeRefusal(description) });
  expect(first.headers.get('x-step-up-token')).toBeNull();
  await server.respond(STEP_UP_CONFIG, json(PROVIDER_CONFIG));
  const stepUp = await screen.findByRole('dialog', { name: "Confirm it's you" });
  // The dialog says what is being confirmed.
  expect(stepUp).toHaveTextContent(description);
  const sent = await server.take(SEND_CODE);
  // The dialog takes the focus as it opens (its focus trap); it is used after that.
  await waitFor(() => expect(stepUp.contains(document.activeElement)).toBe(true), { timeout: 15_000 });
  if (outcome.status === 'sent') {
    sent.resolve(json({}));
    await user.click(within(stepUp).getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('123456');
    await server.respond(VERIFY_CODE, json({ accessToken: VERIFIED_TOKEN }));
    const again = await server.respond(route, json(outcome.response));
    expect(again.headers.get('x-step-up-token')).toBe(VERIFIED_TOKEN);
  } else if (outcome.status === 'cancelled') {
    await user.click(within(stepUp).getByRole('button', { name: 'Close' }));
  } else {
    sent.resolve(
      json(
        { error: 'expired_token', errorCode: 'expired_token', errorDescription: 'The token has expired.' },
        { status: 401 },
      ),
    );
  }
  await waitFor(() => expect(screen.queryByRole('dialog', { name: "Confirm it's you" })).toBeNull());
}

const card = (name: string) => screen.getByRole('region', { name });
const alerts = () => screen.queryAllByRole('alert').filter((el) => el.textContent !== '');
const context = (step: ViewStep) => step.state.context as PlatformConnectionContext;

async function seesNotice(text: string | null) {
  if (text === null)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull());
  else await waitFor(() => expect(screen.getByText(text)).toBeInTheDocument());
}

describeViewPathTests<Page>({
  chart,
  clock: 'real',
  compareContext: (value: PlatformConnectionContext) => chart.abstractContext?.(value),
  async render() {
    stubFetch((request: SeenRequest) => {
      if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
      if (request.path === '/api/platforms/connections') return json(CONNECTIONS);
      if (request.path === '/api/events') return json({});
      return json({ message: 'Not found' }, { status: 404 });
    });
    const server = heldServer({
      hold: (r) => CONNECT(r) || DISCONNECT(r) || SYNC(r) || STEP_UP_HELD.has(r.path),
      fallback: globalThis.fetch,
    });
    const { router } = renderApp('/platforms');
    await screen.findByRole('region', { name: 'TikTok' });
    return { server, user: userEvent.setup({ delay: null }), router };
  },
  events: {
    'route.enter': ({ router }, { event }) => {
      const returned = event.returned as { connected?: { platform: string }; connectError?: string };
      return router.navigate(
        returned.connected
          ? `/platforms?connected=${returned.connected.platform}`
          : `/platforms?connectError=${returned.connectError}`,
      );
    },
    'connection.connect': ({ user }, { event }) =>
      user.click(
        within(card(event.displayName as string)).getByRole('button', {
          name: new RegExp(`^(Connect|Reconnect) ${event.displayName}$`),
        }),
      ),
    'connection.disconnect': ({ user }, { event }) =>
      user.click(
        within(card(event.displayName as string)).getByRole('button', {
          name: `Disconnect ${event.displayName}`,
        }),
      ),
    'connection.sync': ({ user }, { event }) =>
      user.click(
        within(card(event.displayName as string)).getByRole('button', {
          name: `Sync ${event.displayName} now`,
        }),
      ),
    'disconnect.confirm': ({ user }) =>
      user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: /^Disconnect$/ })),
    'disconnect.cancel': ({ user }) =>
      user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
    'notice.dismiss': ({ user }) => user.click(screen.getByRole('button', { name: 'Dismiss' })),
    // The server asks for the step-up as it does for a connect over an existing connection (the chart takes
    // a first connect's answer, without the dialog, the same way as the 'sent' ending).
    'xstate.done.actor.startConnect': (page, { event }) =>
      endThroughStepUp(page, CONNECT, RECONNECT_STEP_UP, event.output as StepUpConfirmationOutput),
    'xstate.done.actor.disconnect': (page, { event }) =>
      endThroughStepUp(page, DISCONNECT, DISCONNECT_STEP_UP, event.output as StepUpConfirmationOutput),
    'xstate.done.actor.requestSync': ({ server }, { event }) =>
      server.respond(SYNC, json(event.output, { status: 202 })),
    'xstate.error.actor.requestSync': ({ server }, { event }) =>
      server.answerWith(SYNC, { error: event.error }),
  },
  states: {
    idle: async () => {
      await seesNotice(null);
      expect(within(card('TikTok')).getByRole('button', { name: 'Connect TikTok' })).not.toBeDisabled();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      // Each card says where the connection stands, and offers what fits it.
      expect(card('TikTok')).toHaveTextContent('Not connected');
      expect(within(card('TikTok')).queryByRole('button', { name: /^Disconnect/ })).toBeNull();
      expect(card('Meta')).toHaveTextContent('Needs reconnecting');
      expect(card('Meta')).toHaveTextContent('Access was revoked on Meta.');
      expect(within(card('Meta')).getByRole('button', { name: 'Reconnect Meta' })).not.toBeDisabled();
      expect(card('Google Ads')).toHaveTextContent('Connected');
      expect(card('Google Ads')).toHaveTextContent('Main account (google-act-1)');
      expect(card('Google Ads')).toHaveTextContent('Renews automatically');
      expect(within(card('Google Ads')).queryByRole('button', { name: /^(Re)?[Cc]onnect/ })).toBeNull();
    },
    connected: async (_view, step) => {
      const returned = context(step).returned as { connected: { displayName: string } };
      await seesNotice(`${returned.connected.displayName} is connected.`);
      // The outcome leaves the URL: a reload does not say it again.
      await waitFor(() => expect(_view.router.state.location.search).toBe(''));
    },
    connectRefused: async () => {
      await seesNotice('The connection was cancelled on the platform’s consent page.');
    },
    starting: async () => {
      await waitFor(() =>
        expect(within(card('TikTok')).getByRole('button', { name: 'Opening…' })).toBeDisabled(),
      );
      expect(
        within(card('Google Ads')).getByRole('button', { name: 'Disconnect Google Ads' }),
      ).toBeDisabled();
    },
    redirecting: async (_view, step) => {
      await waitFor(() => expect(left).toEqual([context(step).authorizationUrl]));
      expect(within(card('TikTok')).getByRole('button', { name: 'Opening…' })).toBeDisabled();
    },
    confirmingDisconnect: async () => {
      const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Google Ads?' });
      expect(dialog).toHaveTextContent('Flightplan gives its access back to Google Ads.');
    },
    disconnecting: async () => {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(within(card('Google Ads')).getByRole('button', { name: 'Disconnecting…' })).toBeDisabled();
    },
    disconnected: async () => {
      await seesNotice('Google Ads is disconnected.');
      // Said in the card whose button was pressed, where the person is looking, not at the top of the page.
      expect(within(card('Google Ads')).getByText('Google Ads is disconnected.')).toBeInTheDocument();
    },
    syncing: async () => {
      await waitFor(() =>
        expect(within(card('Google Ads')).getByRole('button', { name: 'Syncing…' })).toBeDisabled(),
      );
      expect(within(card('TikTok')).getByRole('button', { name: 'Connect TikTok' })).toBeDisabled();
    },
    syncQueued: async () => {
      await seesNotice('Google Ads: a delivery sync is on its way.');
      expect(
        within(card('Google Ads')).getByRole('button', { name: 'Sync Google Ads now' }),
      ).not.toBeDisabled();
    },
    failed: async (_view, step) => {
      const error = context(step).error as { message: string };
      await waitFor(() => expect(alerts().some((el) => el.textContent?.includes(error.message))).toBe(true));
      // A refusal ("… runs 1 campaign of this account") is an alert in the card of the platform it refuses.
      const target = context(step).target;
      if (target)
        expect(within(card(target.displayName)).getByRole('alert')).toHaveTextContent(error.message);
    },
  },
});
