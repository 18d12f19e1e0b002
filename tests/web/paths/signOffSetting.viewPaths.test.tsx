/**
 * The `signOffSetting` chart's generated paths, replayed on the real Team page (/settings/team, its “Client
 * sign-off” card). GET and PUT /api/organizations/{orgId}/sign-off wait for the path's steps; the team's own
 * calls are answered at once, as an owner (who may change the setting, as the chart's sample input).
 */
import '../support/matchers';
import { getChart } from '@machines';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import type { SignOffSettingContext } from '@machines/signOffSetting';
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

interface PageView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const SIGN_OFF = (r: SeenRequest) => /\/api\/organizations\/[^/]+\/sign-off$/.test(r.path);
const LOAD = (r: SeenRequest) => r.method === 'GET' && SIGN_OFF(r);
const SAVE = (r: SeenRequest) => r.method === 'PUT' && SIGN_OFF(r);

const context = (state: { context: unknown }) => state.context as SignOffSettingContext;
const card = () => within(screen.getByRole('region', { name: 'Client sign-off' }));
const toggle = () => card().getByRole('switch', { name: /Launch needs sign-off/ }) as HTMLInputElement;

describeViewPathTests<PageView>({
  chart: getChart('signOffSetting'),
  compareContext: ({ launchNeedsSignOff, notice, error }: SignOffSettingContext) => ({
    launchNeedsSignOff,
    notice,
    error,
  }),
  async render() {
    stubFetch((request: SeenRequest) => {
      const { path } = request;
      if (path === '/api/auth/user') return json(SIGNED_IN_USER);
      if (path === '/api/events') return json({});
      if (/\/(members|invitations)$/.test(path)) return json([]);
      if (/\/activity$/.test(path)) return json({ events: [] });
      if (path === '/api/accounts') return json([SIGNED_IN_USER.currentAccount], { total: 1 });
      return json({ message: 'Not found' }, { status: 404 });
    });
    const server = heldServer({ hold: (r) => LOAD(r) || SAVE(r), fallback: globalThis.fetch });
    renderApp('/settings/team');
    await screen.findByRole('heading', { name: 'Client sign-off' });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadSetting': ({ server }, { event }) => server.respond(LOAD, json(event.output)),
    'xstate.error.actor.loadSetting': ({ server }, { event }) =>
      server.answerWith(LOAD, { error: event.error }),
    'xstate.done.actor.saveSetting': ({ server }, { event }) => server.respond(SAVE, json(event.output)),
    'xstate.error.actor.saveSetting': ({ server }, { event }) =>
      server.answerWith(SAVE, { error: event.error }),
    retry: ({ user }) => user.click(card().getByRole('button', { name: 'Try again' })),
    'signOff.change': ({ user }) => user.click(toggle()),
    'notice.dismiss': ({ user }) => user.click(card().getByRole('button', { name: 'Dismiss' })),
  },
  states: {
    loading: () => {
      expect(card().getByText('Loading…')).toBeInTheDocument();
    },
    failed: async (_view, { state }) => {
      const alert = await card().findByRole('alert');
      expect(alert).toHaveTextContent('The sign-off setting could not be loaded.');
      expect(alert).toHaveTextContent(context(state).loadError ?? NETWORK_ERROR_MESSAGE);
    },
    ready: async (_view, { state }) => {
      const c = context(state);
      await waitFor(() => expect(toggle().disabled).toBe(false));
      expect(toggle().checked).toBe(c.launchNeedsSignOff);
      expect(toggle()).toHaveAccessibleDescription(
        'Campaigns launch only once a client approved the plan as it is.',
      );
      if (c.notice) expect(card().getByRole('status')).toHaveTextContent(c.notice);
      else expect(card().queryByRole('status')).not.toBeInTheDocument();
      if (c.error) expect(card().getByRole('alert')).toHaveTextContent(c.error);
      else expect(card().queryByRole('alert')).not.toBeInTheDocument();
    },
    saving: async (_view, { state }) => {
      await waitFor(() => expect(toggle()).toBeDisabled());
      expect(toggle().checked).toBe(context(state).pending);
      expect(card().getByText(/saving…/)).toBeInTheDocument();
    },
  },
});
