/**
 * The `adAccountChoice` chart's generated paths, replayed on the real /platforms page over a fake API: the
 * page opens at the return URL of a login that reaches two Google Ads client accounts
 * (`?chooseAdAccount=<id>&platform=google`); GET and POST /api/platforms/google/ad-account-choices/{id} wait
 * for the path's done / error steps.
 */
import '../support/matchers';
import type { PlatformConnection } from '@contract/connections';
import { getChart } from '@machines';
import type { AdAccountChoiceContext } from '@machines/adAccountChoice';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests } from '../../paths/viewPathTests';
import { json, type SeenRequest, SIGNED_IN_USER, stubFetch } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const chart = getChart('adAccountChoice');
const CHOICE_ID = '00000000-0000-4000-8000-00000000c401';
const CHOICE_PATH = `/api/platforms/google/ad-account-choices/${CHOICE_ID}`;
const LOAD = (r: SeenRequest) => r.method === 'GET' && r.path === CHOICE_PATH;
const CHOOSE = (r: SeenRequest) => r.method === 'POST' && r.path === CHOICE_PATH;

const google = (connected: boolean): PlatformConnection => ({
  platform: 'google',
  displayName: 'Google Ads',
  status: connected ? 'connected' : 'not_connected',
  adAccount: connected
    ? { id: '5556667778', name: 'Contoso Bikes', manager: { id: '1234567890', name: 'Agency MCC' } }
    : null,
  connectedAt: connected ? '2026-11-28T10:00:00.000Z' : null,
  accessExpiresAt: connected ? '2099-01-01T00:00:00.000Z' : null,
  scope: connected ? 'https://www.googleapis.com/auth/adwords' : null,
  problem: null,
  lastSync: null,
  runningCampaigns: [],
});

interface Page {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
  router: ReturnType<typeof renderApp>['router'];
  /** Whether the connection list answers Google Ads as connected (after the choice went through). */
  connected: { value: boolean };
}

const dialog = () => screen.getByRole('dialog');
const context = (state: { context: unknown }) => state.context as AdAccountChoiceContext;

describeViewPathTests<Page>({
  chart,
  compareContext: ({ selectedId, fieldError, error }: AdAccountChoiceContext) => ({
    selectedId,
    fieldError,
    error,
  }),
  async render() {
    const connected = { value: false };
    stubFetch((request: SeenRequest) => {
      if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
      if (request.path === '/api/platforms/connections') return json([google(connected.value)]);
      if (request.path === '/api/events') return json({});
      return json({ message: 'Not found' }, { status: 404 });
    });
    const server = heldServer({ hold: (r) => LOAD(r) || CHOOSE(r), fallback: globalThis.fetch });
    const { router } = renderApp(`/platforms?chooseAdAccount=${CHOICE_ID}&platform=google`);
    await screen.findByRole('dialog', { name: 'Choose the ad account' });
    return { server, user: userEvent.setup({ delay: null }), router, connected };
  },
  events: {
    'xstate.done.actor.loadChoice': ({ server }, { event }) => server.respond(LOAD, json(event.output)),
    'xstate.error.actor.loadChoice': ({ server }, { event }) =>
      server.answerWith(LOAD, { error: event.error }),
    retry: ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Try again' })),
    'account.select': ({ user }, { event }) =>
      user.click(
        within(dialog()).getByRole('radio', {
          name: event.id === '5556667778' ? /Contoso Bikes/ : /Northwind/,
        }),
      ),
    'choice.submit': ({ user }) =>
      user.click(within(dialog()).getByRole('button', { name: 'Connect this ad account' })),
    'choice.cancel': ({ user }) =>
      user.click(within(dialog()).getByRole('button', { name: /^(Cancel|Close)$/ })),
    'xstate.done.actor.chooseAdAccount': async (page) => {
      page.connected.value = true;
      const request = await page.server.respond(
        CHOOSE,
        json({
          platform: 'google',
          status: 'connected',
          adAccount: { id: '5556667778', name: 'Contoso Bikes' },
          returnTo: '/platforms',
        }),
      );
      expect(request.body).toEqual({ adAccountId: '5556667778' });
    },
    'xstate.error.actor.chooseAdAccount': ({ server }, { event }) =>
      server.answerWith(CHOOSE, { error: event.error }),
  },
  states: {
    loading: async () => {
      expect(await screen.findByText('Loading the ad accounts…')).toBeInTheDocument();
    },
    loadFailed: async (_page, { state }) => {
      await waitFor(() =>
        expect(within(dialog()).getByRole('alert')).toHaveTextContent(context(state).error!),
      );
      expect(within(dialog()).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    },
    choosing: async (_page, { state }) => {
      const { selectedId, fieldError, error } = context(state);
      const chooser = await screen.findByRole('dialog', { name: 'Choose the Google Ads ad account' });
      expect(chooser).toHaveTextContent(
        'The login you connected reaches 2 ad accounts. Choose the one this Flightplan account runs its Google Ads campaigns in.',
      );
      const contoso = within(chooser).getByRole('radio', { name: /Contoso Bikes/ });
      expect(chooser).toHaveTextContent('1112223334 · EUR · via Agency MCC');
      await waitFor(() => expect(contoso).not.toBeDisabled());
      if (selectedId) expect((contoso as HTMLInputElement).checked).toBe(true);
      else expect(within(chooser).queryByRole('radio', { checked: true })).toBeNull();
      if (fieldError)
        expect(within(chooser).getByRole('group', { name: 'Ad account' })).toHaveTextContent(fieldError);
      if (error) expect(within(chooser).getByRole('alert')).toHaveTextContent(error);
      else if (!fieldError) expect(within(chooser).queryByRole('alert')).toBeNull();
    },
    connecting: async () => {
      await waitFor(() =>
        expect(within(dialog()).getByRole('button', { name: 'Connecting…' })).toBeDisabled(),
      );
    },
    gone: async () => {
      await waitFor(() =>
        expect(dialog()).toHaveTextContent(
          'That choice of ad account expired or was already used. Connect again to choose one.',
        ),
      );
      expect(within(dialog()).queryByRole('radio')).toBeNull();
    },
    connected: async ({ router }) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // The list's own notice, and the account it now runs, with its manager account.
      await waitFor(() => expect(screen.getByText('Google Ads is connected.')).toBeInTheDocument());
      await waitFor(() =>
        expect(screen.getByRole('region', { name: 'Google Ads' })).toHaveTextContent(
          'Agency MCC (1234567890)',
        ),
      );
      await waitFor(() => expect(router.state.location.search).toBe(''));
    },
    closed: async ({ router }) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(router.state.location.search).toBe('');
      expect(screen.getByRole('region', { name: 'Google Ads' })).toHaveTextContent('Not connected');
    },
  },
});
