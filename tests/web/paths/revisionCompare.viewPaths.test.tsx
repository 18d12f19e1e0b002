/**
 * The `revisionCompare` chart's generated paths, replayed on the real comparison page
 * (/campaigns/:id/revisions/:a/compare/:b). GET …/revisions/{a}/diff/{b} waits for the path's steps; the
 * revisions for the two selects are answered at once.
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { RevisionCompareContext, RevisionComparisonData } from '@machines/revisionCompare';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { screen } from '@testing-library/react';
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

const chart = getChart('revisionCompare');
const SAMPLE = (
  chart.events.find((e) => e.type === 'xstate.done.actor.loadComparison') as {
    output: RevisionComparisonData;
  }
).output;
const BASE = '/api/campaigns/campaign-1';
const DIFF = (r: SeenRequest) => r.method === 'GET' && /\/revisions\/\d+\/diff\/\d+$/.test(r.path);

const context = (state: { context: unknown }) => state.context as RevisionCompareContext;
const select = (name: 'Revision A' | 'Revision B') =>
  screen.getByRole('combobox', { name }) as HTMLSelectElement;

describeViewPathTests<PageView>({
  chart,
  compareContext: ({ from, to }: RevisionCompareContext) => ({ from, to }),
  async render() {
    const server = heldServer({
      hold: DIFF,
      answer: signedInPage({ [`${BASE}/revisions`]: SAMPLE.revisions }),
    });
    renderApp('/campaigns/campaign-1/revisions/1/compare/2');
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadComparison': ({ server }, { event }) => {
      const { revisions: _, ...comparison } = event.output as RevisionComparisonData;
      return server.respond(DIFF, json(comparison));
    },
    'xstate.error.actor.loadComparison': ({ server }, { event }) =>
      server.answerWith(DIFF, { error: event.error }),
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'pair.choose': async ({ user }, { event, state }) => {
      const c = context(state);
      if (event.from !== c.from) await user.selectOptions(select('Revision A'), String(event.from));
      else await user.selectOptions(select('Revision B'), String(event.to));
    },
  },
  states: {
    loading: () => {
      expect(screen.queryByRole('heading', { name: /^Compare revision/ })).not.toBeInTheDocument();
    },
    failed: async (_view, { state }) => {
      expect(await screen.findByText('The comparison could not be loaded.')).toBeInTheDocument();
      expect(screen.getByText(context(state).loadError ?? NETWORK_ERROR_MESSAGE)).toBeInTheDocument();
    },
    notFound: async () => {
      expect(await screen.findByText('Revision not found')).toBeInTheDocument();
    },
    shown: async (_view, { state }) => {
      const c = context(state);
      await screen.findByRole('heading', { name: `Compare revision ${c.from} with revision ${c.to}` });
      expect(select('Revision A').value).toBe(String(c.from));
      expect(select('Revision B').value).toBe(String(c.to));
      const empty = c.data!.diff.overview.length === 0 && c.data!.diff.totals.length === 0;
      if (empty) expect(screen.getByText('No changes')).toBeInTheDocument();
      else {
        expect(screen.getByRole('region', { name: 'Overview' })).toHaveTextContent('End date');
        expect(screen.getByRole('region', { name: 'Totals' })).toHaveTextContent('+€1,200');
      }
    },
  },
});
