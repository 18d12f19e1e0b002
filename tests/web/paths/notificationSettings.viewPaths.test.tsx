/**
 * The `notificationSettings` chart's generated paths, replayed on the real /settings/notifications page:
 * GET and PUT /api/notifications/preferences wait for the path's steps.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { NotificationSettingsContext, NotificationSettingsLoaded } from '@machines/notificationSettings';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests } from '../../paths/viewPathTests';
import { json, type SeenRequest, signedInPage } from '../support/fakeApi';
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

const PREFS = (r: SeenRequest) => r.path === '/api/notifications/preferences';
const DIGEST = (r: SeenRequest) => r.path === '/api/notifications/digest';
const LOAD = (r: SeenRequest) => r.method === 'GET' && PREFS(r);
const LOAD_DIGEST = (r: SeenRequest) => r.method === 'GET' && DIGEST(r);
const SAVE = (r: SeenRequest) => r.method === 'PUT' && PREFS(r);
const SAVE_DIGEST = (r: SeenRequest) => r.method === 'PUT' && DIGEST(r);

const context = (state: { context: unknown }) => state.context as NotificationSettingsContext;
const card = () => within(screen.getByRole('region', { name: 'E-mail me when…' }));
const box = () => card().getByRole('checkbox', { name: 'A plan waits for my approval' }) as HTMLInputElement;
const digestBox = () => card().getByRole('checkbox', { name: 'Daily pacing digest' }) as HTMLInputElement;

describeViewPathTests<PageView>({
  chart: getChart('notificationSettings'),
  async render() {
    const server = heldServer({
      hold: (r) => LOAD(r) || LOAD_DIGEST(r) || SAVE(r) || SAVE_DIGEST(r),
      answer: signedInPage({ '/api/notifications': { notifications: [], unreadCount: 0 } }),
    });
    renderApp('/settings/notifications');
    await screen.findByRole('heading', { name: 'E-mail me when…' });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadPreferences': async ({ server }, { event }) => {
      const loaded = event.output as NotificationSettingsLoaded;
      await server.respond(LOAD_DIGEST, json({ pacingDigest: loaded.digest }));
      await server.respond(LOAD, json(loaded.preferences));
    },
    'xstate.error.actor.loadPreferences': async ({ server }, { event }) => {
      await server.respond(LOAD_DIGEST, json({ pacingDigest: false }));
      await server.answerWith(LOAD, { error: event.error });
    },
    'xstate.done.actor.saveDigest': async ({ server }, { event }) => {
      const request = await server.respond(SAVE_DIGEST, json(event.output));
      expect(request.body).toEqual({
        pacingDigest: (event.output as { pacingDigest: boolean }).pacingDigest,
      });
    },
    'xstate.error.actor.saveDigest': ({ server }, { event }) =>
      server.answerWith(SAVE_DIGEST, { error: event.error }),
    'digest.change': ({ user }) => user.click(digestBox()),
    'xstate.done.actor.savePreference': ({ server }, { event }) => server.respond(SAVE, json(event.output)),
    'xstate.error.actor.savePreference': ({ server }, { event }) =>
      server.answerWith(SAVE, { error: event.error }),
    retry: ({ user }) => user.click(card().getByRole('button', { name: 'Try again' })),
    'email.change': ({ user }) => user.click(box()),
    'notice.dismiss': ({ user }) => user.click(card().getByRole('button', { name: 'Dismiss' })),
  },
  states: {
    loading: () => {
      expect(card().getByText('Loading…')).toBeInTheDocument();
    },
    failed: async (_view, { state }) => {
      const alert = await card().findByRole('alert');
      expect(alert).toHaveTextContent('The notification settings could not be loaded.');
      expect(alert).toHaveTextContent(context(state).loadError ?? NETWORK_ERROR_MESSAGE);
    },
    ready: async (_view, { state }) => {
      const c = context(state);
      await waitFor(() => expect(box().disabled).toBe(false));
      expect(box().checked).toBe(c.preferences.find((p) => p.kind === 'approval_requested')!.email);
      expect(digestBox().checked).toBe(c.digest);
      expect(digestBox()).toHaveAccessibleDescription(/One e-mail each morning listing the flights off pace/);
      if (c.notice) expect(card().getByRole('status')).toHaveTextContent(c.notice);
      else expect(card().queryByRole('status')).not.toBeInTheDocument();
      if (c.error) expect(card().getByRole('alert')).toHaveTextContent(c.error);
    },
    saving: async (_view, { state }) => {
      await waitFor(() => expect(box()).toBeDisabled());
      expect(box().checked).toBe(context(state).pending!.email);
    },
    savingDigest: async (_view, { state }) => {
      await waitFor(() => expect(digestBox()).toBeDisabled());
      expect(digestBox().checked).toBe(context(state).pendingDigest);
    },
  },
});
