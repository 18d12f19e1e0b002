/**
 * The `chartPage` chart's generated paths, replayed on the real /charts/codeEntry page: GET
 * /api/charts/coverage/codeEntry waits for the path's steps; the reader clicks in the lists.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { ChartPageContext } from '@machines/chartsExplorer';
import { screen, within } from '@testing-library/react';
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

const LOAD = (r: SeenRequest) => r.method === 'GET' && r.path === '/api/charts/coverage/codeEntry';
const context = (step: { state: { context: unknown } }) => step.state.context as ChartPageContext;
const RESET = 'after errorReset (500 ms)';
const transitionRow = () => screen.getAllByRole('button', { name: RESET })[0]!.closest('tr') as HTMLElement;
const panel = () => within(screen.getByRole('complementary', { name: 'Selection' }));

/** What the selection panel shows, whatever the load's state. */
function selection(step: { state: { context: unknown } }) {
  const selected = context(step).selection;
  if (!selected) expect(panel().getByText('Click a state or a transition.')).toBeInTheDocument();
  else if (selected.kind === 'transition') {
    expect(panel().getByRole('heading', { name: `Transition ${RESET}` })).toBeInTheDocument();
    expect(panel().getByText('errorReset (500 ms)')).toBeInTheDocument();
  } else expect(panel().getByRole('heading', { name: 'State active.code.error' })).toBeInTheDocument();
}

describeViewPathTests<PageView>({
  chart: getChart('chartPage'),
  async render() {
    const server = heldServer({ hold: LOAD, answer: signedInPage() });
    renderApp('/charts/codeEntry');
    await screen.findByRole('heading', { name: /^Step-up: code entry/, level: 1 });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadDetail': ({ server }, { event }) => server.respond(LOAD, json(event.output)),
    'xstate.error.actor.loadDetail': ({ server }, { event }) =>
      server.answerWith(LOAD, { error: event.error }),
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'select.transition': ({ user }) => user.click(screen.getAllByRole('button', { name: RESET })[0]!),
    'select.state': ({ user }) => user.click(screen.getByRole('button', { name: 'active.code.error' })),
    'select.clear': ({ user }) => user.click(panel().getByRole('button', { name: 'Clear the selection' })),
  },
  compareContext: (c: ChartPageContext) => c.selection?.kind ?? null,
  states: {
    loading: async (_view, step) => {
      expect(await screen.findByText(/loading the coverage…/)).toBeInTheDocument();
      selection(step);
    },
    ready: async (_view, step) => {
      expect(
        await screen.findByText(/coverage from the test run of Sat, 28 Nov 2026 12:00:00 GMT/),
      ).toBeInTheDocument();
      expect(screen.getByText('Since the run before: 1 newly taken (view).')).toBeInTheDocument();
      // Taken by the machine paths and in the view (newly), never in the browser.
      const cells = within(transitionRow())
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      expect(cells.slice(4)).toEqual(['taken', 'taken', 'never taken', 'newly taken (view)']);
      selection(step);
      if (context(step).selection) {
        expect(
          panel().getByRole('heading', { name: /^1 generated path (takes|reaches) it$/ }),
        ).toBeInTheDocument();
        const marked = panel()
          .getByText(/\((taken|reached) here\)/)
          .closest('li') as HTMLElement;
        expect(marked).toHaveTextContent(
          context(step).selection?.kind === 'transition' ? 'xstate.after.errorReset' : 'code.submit',
        );
      }
    },
    notRun: async (_view, step) => {
      expect(await screen.findByText(/no test run has this chart yet/)).toBeInTheDocument();
      selection(step);
    },
    failed: async (_view, step) => {
      expect(
        await screen.findByText(/the coverage could not be loaded: Could not reach the server/),
      ).toBeInTheDocument();
      selection(step);
    },
    signedOut: async () => {
      expect(await screen.findByText('The charts are open to signed-in members.')).toBeInTheDocument();
    },
  },
});
