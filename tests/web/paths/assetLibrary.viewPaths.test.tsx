/**
 * The `assetLibrary` chart's generated paths, replayed in the “Choose from library” dialog of the creative
 * step's only ad (/planning/wizard/{id}/creative over a plan with Meta alone, its one single-image ad).
 * GET /api/assets waits for the path's steps; a new search aborts the request on its way, so the answer
 * goes to the newest one. Choosing an asset closes the dialog and attaches it to the ad.
 */
import { metaAtCreative } from '../../support/planningFixtures';
import '../support/matchers';
import type { Asset } from '@contract/creative';
import { getChart } from '@machines';
import type { AssetLibraryContext, AssetPage } from '@machines/assetLibrary';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests, replaceText, type ViewStep } from '../../paths/viewPathTests';
import { json, type SeenRequest } from '../support/fakeApi';
import type { HeldServer } from '../support/heldServer';
import { renderWizardStep } from '../support/wizardStepPaths';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const AD = 'Meta ad 1';
const LIBRARY = (r: SeenRequest) => r.method === 'GET' && r.path === '/api/assets';

/** The newest library request still waiting (the ones before it were aborted by a new search). */
const newest = (server: HeldServer) => (r: SeenRequest) =>
  r === server.held.filter((h) => LIBRARY(h.request)).at(-1)?.request;

interface Page {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const context = (state: { context: unknown }) => state.context as AssetLibraryContext;
const dialog = () => screen.getByRole('dialog', { name: 'Choose from library' });

describeViewPathTests<Page>({
  chart: getChart('assetLibrary'),
  clock: 'real',
  compareContext: ({ query, items, total, error }: AssetLibraryContext) => ({
    query,
    items: items.map((a) => a.id),
    total,
    error,
  }),
  async render() {
    const page = await renderWizardStep(getChart('planningCreative'), 'creative', 'Meta', {
      served: metaAtCreative,
      hold: LIBRARY,
    });
    await page.user.click(screen.getByRole('button', { name: `Choose from library for ${AD}` }));
    await screen.findByRole('dialog', { name: 'Choose from library' });
    return page;
  },
  events: {
    'xstate.done.actor.listAssets': async ({ server }, { event }) => {
      await waitFor(() => expect(server.held.some((h) => LIBRARY(h.request))).toBe(true));
      await server.respond(newest(server), json(event.output as AssetPage));
    },
    'xstate.error.actor.listAssets': async ({ server }, { event }) => {
      await waitFor(() => expect(server.held.some((h) => LIBRARY(h.request))).toBe(true));
      await server.answerWith(newest(server), { error: event.error });
    },
    'search.change': ({ user }, { event }) =>
      replaceText(user, within(dialog()).getByLabelText('Search the library'), event.query as string),
    'load.retry': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Try again' })),
    'asset.choose': async ({ user }, { event }) =>
      user.click(
        within(dialog()).getByRole('button', { name: new RegExp(`^Choose ${(event.asset as Asset).name},`) }),
      ),
  },
  states: {
    loading: async (_view, { state }: ViewStep) => {
      expect(await within(dialog()).findByText('Loading the library…')).toBeInTheDocument();
      expect((within(dialog()).getByLabelText('Search the library') as HTMLInputElement).value).toBe(
        context(state).query,
      );
    },
    ready: async (_view, { state }: ViewStep) => {
      const { items, total, query } = context(state);
      await waitFor(() =>
        expect(within(dialog()).queryByText('Loading the library…')).not.toBeInTheDocument(),
      );
      for (const asset of items)
        expect(
          within(dialog()).getByRole('button', {
            name: `Choose ${asset.name}, ${asset.width} × ${asset.height}`,
          }),
        ).toBeInTheDocument();
      if (items.length === 0)
        expect(
          within(dialog()).getByText(query ? 'No assets match this search.' : 'No images yet.'),
        ).toBeInTheDocument();
      if (total > items.length)
        expect(
          within(dialog()).getByText(
            `The newest ${items.length} of ${total}: search by name for the others.`,
          ),
        ).toBeInTheDocument();
    },
    failed: async (_view, { state }: ViewStep) => {
      const alert = await within(dialog()).findByRole('alert');
      await waitFor(() => expect(alert).toHaveTextContent(context(state).error ?? NETWORK_ERROR_MESSAGE));
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    },
    chosen: async (_view, { event }: ViewStep) => {
      // The dialog closes; the ad shows the chosen picture.
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const pictures = within(screen.getByRole('article', { name: AD })).getByRole('list', {
        name: `${AD} image`,
      });
      expect(pictures).toHaveTextContent((event.asset as Asset).name);
    },
  },
});
