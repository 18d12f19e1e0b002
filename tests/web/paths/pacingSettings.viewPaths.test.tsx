/**
 * The `pacingSettings` chart's generated paths, replayed on the real /settings/pacing page (issue 28):
 * GET and PUT /api/pacing/settings wait for the path's steps; the member is an owner (may change them).
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { PacingSettingsContext } from '@machines/pacingSettings';
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

const SETTINGS = (r: SeenRequest) => r.path === '/api/pacing/settings';
const LOAD = (r: SeenRequest) => r.method === 'GET' && SETTINGS(r);
const SAVE = (r: SeenRequest) => r.method === 'PUT' && SETTINGS(r);

const LABELS = { underPercent: 'Underpacing beyond (%)', overPercent: 'Overpacing beyond (%)' } as const;
const context = (state: { context: unknown }) => state.context as PacingSettingsContext;
const card = () => within(screen.getByRole('region', { name: 'Thresholds' }));
const field = (name: keyof typeof LABELS) => card().getByLabelText(LABELS[name]) as HTMLInputElement;

describeViewPathTests<PageView>({
  chart: getChart('pacingSettings'),
  compareContext: ({ values, notice, error }: PacingSettingsContext) => ({ values, notice, error }),
  async render() {
    const server = heldServer({
      hold: (r) => LOAD(r) || SAVE(r),
      answer: signedInPage({ '/api/notifications': { notifications: [], unreadCount: 0 } }),
    });
    renderApp('/settings/pacing');
    await screen.findByRole('heading', { name: 'Pacing alerts' });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadSettings': ({ server }, { event }) => server.respond(LOAD, json(event.output)),
    'xstate.error.actor.loadSettings': ({ server }, { event }) =>
      server.answerWith(LOAD, { error: event.error }),
    'xstate.done.actor.saveSettings': ({ server }, { event }) => server.respond(SAVE, json(event.output)),
    'xstate.error.actor.saveSettings': ({ server }, { event }) =>
      server.answerWith(SAVE, { error: event.error }),
    retry: ({ user }) => user.click(card().getByRole('button', { name: 'Try again' })),
    'field.change': async ({ user }, { event }) => {
      const { field: name, value } = event as unknown as { field: keyof typeof LABELS; value: string };
      const input = field(name);
      await user.clear(input);
      if (value) await user.type(input, value);
    },
    'defaults.use': ({ user }) => user.click(card().getByRole('button', { name: 'Use the defaults (15 %)' })),
    'form.submit': ({ user }) => user.click(card().getByRole('button', { name: 'Save thresholds' })),
    'notice.dismiss': ({ user }) => user.click(card().getByRole('button', { name: 'Dismiss' })),
  },
  states: {
    loading: () => {
      expect(card().getByText('Loading…')).toBeInTheDocument();
    },
    failed: async (_view, { state }) => {
      const alert = await card().findByRole('alert');
      expect(alert).toHaveTextContent('The pacing alert thresholds could not be loaded.');
      expect(alert).toHaveTextContent(context(state).loadError ?? NETWORK_ERROR_MESSAGE);
    },
    ready: async (_view, { state }) => {
      const c = context(state);
      await waitFor(() => expect(field('underPercent').disabled).toBe(false));
      expect(field('underPercent').value).toBe(c.values.underPercent);
      expect(field('overPercent').value).toBe(c.values.overPercent);
      for (const name of ['underPercent', 'overPercent'] as const) {
        const message = c.fieldErrors[name];
        if (message) expect(field(name)).toHaveAccessibleDescription(message);
        else expect(field(name)).not.toHaveAttribute('aria-invalid', 'true');
      }
      if (c.notice) expect(card().getByRole('status')).toHaveTextContent(c.notice);
      else expect(card().queryByRole('status')).not.toBeInTheDocument();
      if (c.error) expect(card().getByRole('alert')).toHaveTextContent(c.error);
      else expect(card().queryByRole('alert')).not.toBeInTheDocument();
    },
    saving: async () => {
      await waitFor(() => expect(field('underPercent')).toBeDisabled());
      expect(card().getByRole('button', { name: 'Saving…' })).toBeDisabled();
    },
  },
});
