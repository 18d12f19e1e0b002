/**
 * The `inbox` chart's generated paths, replayed on the real notification bell in the app shell over a fake
 * API: GET /api/notifications, POST …/{id}/read and …/read-all wait for the path's steps; the poll is the
 * actor's simulated clock moving on a minute.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { InboxContext } from '@machines/inbox';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests, type ViewStep } from '../../paths/viewPathTests';
import { json, type SeenRequest, signedInPage } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const LOAD = (r: SeenRequest) => r.method === 'GET' && r.path === '/api/notifications';
const READ = (r: SeenRequest) => r.method === 'POST' && /^\/api\/notifications\/[^/]+\/read$/.test(r.path);
const READ_ALL = (r: SeenRequest) => r.method === 'POST' && r.path === '/api/notifications/read-all';

interface Page {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
  location: () => string;
}

const context = (step: ViewStep) => step.state.context as InboxContext;
const bell = () => screen.getByRole('button', { name: /^Notifications/ });
/** The open list under the bell (Ark's popover content). */
const panel = () => document.querySelector<HTMLElement>('[data-scope="popover"][data-part="content"]')!;
const openPanel = async () => {
  await waitFor(() => expect(panel()).not.toBeNull());
  return panel();
};

async function seesBell(step: ViewStep) {
  const { unreadCount, isOpen, notifications, error } = context(step);
  await waitFor(() =>
    expect(bell().getAttribute('aria-label')).toBe(
      unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications',
    ),
  );
  if (!isOpen) {
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull());
    return;
  }
  const list = within(await openPanel());
  for (const n of notifications) expect(list.getByText(n.title)).toBeInTheDocument();
  if (error) expect(list.getByRole('alert')).toHaveTextContent(error);
}

describeViewPathTests<Page>({
  chart: getChart('inbox'),
  async render() {
    const server = heldServer({
      hold: (r) => LOAD(r) || READ(r) || READ_ALL(r),
      answer: signedInPage({ '/api/campaigns/c-1/revisions/2': {} }),
    });
    const { location } = renderApp('/settings/security');
    await screen.findByRole('button', { name: /^Notifications/ });
    return { server, user: userEvent.setup({ delay: null }), location };
  },
  events: {
    'xstate.done.actor.loadInbox': ({ server }, { event }) => server.respond(LOAD, json(event.output)),
    'xstate.error.actor.loadInbox': ({ server }, { event }) =>
      server.answerWith(LOAD, { error: event.error }),
    'xstate.done.actor.markRead': ({ server }, { event }) => server.respond(READ, json(event.output)),
    'xstate.error.actor.markRead': ({ server }, { event }) => server.answerWith(READ, { error: event.error }),
    'xstate.done.actor.markAllRead': ({ server }) => server.respond(READ_ALL, json({ success: true })),
    'xstate.error.actor.markAllRead': ({ server }, { event }) =>
      server.answerWith(READ_ALL, { error: event.error }),
    'inbox.open': ({ user }) => user.click(bell()),
    'inbox.close': ({ user }) => user.click(bell()),
    'notification.open': async ({ user }, { event }) =>
      user.click(
        within(await openPanel()).getByRole('button', {
          name: new RegExp(`^(Unread:\\s*)?${event.id === 'n-1' ? 'Spring' : 'Autumn'}`),
        }),
      ),
    'inbox.readAll': async ({ user }) =>
      user.click(within(await openPanel()).getByRole('button', { name: 'Mark all as read' })),
  },
  states: {
    loading: async (_page, step) => {
      if (context(step).isOpen && context(step).notifications.length === 0)
        await waitFor(() => expect(within(panel()).getByText('Loading…')).toBeInTheDocument());
    },
    ready: async (page, step) => {
      await seesBell(step);
      if (
        step.event.type === 'xstate.done.actor.markRead' ||
        step.event.type === 'xstate.error.actor.markRead'
      )
        await waitFor(() => expect(page.location()).toContain('/campaigns/c-1/revisions/2'));
    },
    opening: () => undefined,
    readingAll: async () => {
      await waitFor(() =>
        expect(within(panel()).getByRole('button', { name: 'Mark all as read' })).toBeDisabled(),
      );
    },
  },
});
