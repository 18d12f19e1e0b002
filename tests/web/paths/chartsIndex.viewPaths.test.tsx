/**
 * The `chartsIndex` chart's generated paths, replayed on the real /charts page: GET /api/charts/coverage
 * waits for the path's steps. The page lists the whole registry (the chart's sample lists two of it).
 */
import '../support/matchers';
import { getChart } from '@machines';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests, replaceText } from '../../paths/viewPathTests';
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

const LOAD = (r: SeenRequest) => r.method === 'GET' && r.path === '/api/charts/coverage';
const CODE_ENTRY = 'Step-up: code entry (authenticator app, e-mail, text message)';
const MODALS = 'Campaign and customer modals (delete, launch, pause, resume)';
const searchBox = () => screen.getByRole('searchbox', { name: 'Search the charts' }) as HTMLInputElement;
const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('tr') as HTMLElement;

/** The search narrows the list: “code” keeps the code entry chart and drops the campaign modals. */
async function listed(step: { state: { context: unknown } }) {
  const { query } = step.state.context as { query: string };
  expect(searchBox().value).toBe(query);
  expect(await screen.findByRole('link', { name: CODE_ENTRY })).toBeInTheDocument();
  if (query === 'code') expect(screen.queryByRole('link', { name: MODALS })).toBeNull();
  else expect(screen.getByRole('link', { name: MODALS })).toBeInTheDocument();
}

describeViewPathTests<PageView>({
  chart: getChart('chartsIndex'),
  async render() {
    const server = heldServer({ hold: LOAD, answer: signedInPage() });
    renderApp('/charts');
    await screen.findByRole('heading', { name: 'Charts', level: 1 });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadCoverage': ({ server }, { event }) => server.respond(LOAD, json(event.output)),
    'xstate.error.actor.loadCoverage': ({ server }, { event }) =>
      server.answerWith(LOAD, { error: event.error }),
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'search.change': ({ user }, { event }) => replaceText(user, searchBox(), event.value as string),
  },
  compareContext: (context: { query: string }) => context.query,
  states: {
    loading: async (_view, step) => {
      await listed(step);
      expect(screen.getByText(/Loading the coverage…/)).toBeInTheDocument();
    },
    ready: async (_view, step) => {
      await listed(step);
      expect(
        await screen.findByText(/Coverage from the test run of 28 Nov 2026, 12:00 UTC \(npm test\)/),
      ).toBeInTheDocument();
      // One of code entry's 16 transitions taken by the machine paths and in the view; no browser run.
      const cells = within(rowOf(CODE_ENTRY))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      expect(cells.slice(3)).toEqual(['1/16', '1/16', 'not run']);
      expect(
        within(rowOf(CODE_ENTRY)).getByText('Since the run before: 1 newly taken (view)'),
      ).toBeInTheDocument();
    },
    failed: async (_view, step) => {
      await listed(step);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The coverage could not be loaded: Could not reach the server. Check your connection and try again.',
      );
    },
    signedOut: async () => {
      expect(await screen.findByText('The charts are open to signed-in members.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'href',
        '/auth/login?returnUrl=%2Fcharts',
      );
    },
  },
});
