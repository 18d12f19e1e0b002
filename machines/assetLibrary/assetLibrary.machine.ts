import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import type {
  AssetLibraryContext,
  AssetLibraryEmitted,
  AssetLibraryEvent,
  AssetLibraryInput,
  AssetPage,
  AssetQuery,
} from './assetLibrary.types';

/** Asking the library for the matches, and trying again when it failed. */
const libraryLoad = loadStates({
  actor: 'listAssets',
  input: (context: AssetLibraryContext): AssetQuery => ({ kind: context.kind, query: context.query.trim() }),
  descriptions: {
    loading: 'Asking the library for the matches: “Loading the library…”.',
    failed: 'The library could not be read: the reason in an alert, with “Try again”.',
  },
  onDone: {
    target: 'ready',
    actions: { type: 'keepPage', params: ({ event }: LoadDone<AssetPage>) => ({ page: event.output }) },
  },
  failAction: { type: 'keepError', params: errorParams },
  retry: { event: 'load.retry' },
});

export const assetLibraryMachine = setup({
  types: {
    context: {} as AssetLibraryContext,
    events: {} as AssetLibraryEvent,
    input: {} as AssetLibraryInput,
    emitted: {} as AssetLibraryEmitted,
  },
  actors: {
    /** GET /api/assets?kind=&q=: the newest matches; `src/` provides it (aborted when a new search starts). */
    listAssets: fromPromise<AssetPage, AssetQuery>(async () => {
      throw new Error('not provided: listAssets');
    }),
  },
  actions: {
    keepQuery: assign(({ event }) => {
      assertEvent(event, 'search.change');
      return { query: event.query };
    }),
    keepPage: assign((_, params: { page: AssetPage }) => ({
      items: params.page.items,
      total: params.page.total,
      error: null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({
      error: isServerFailure(params.error) ? params.error.message : NETWORK_ERROR_MESSAGE,
    })),
    announceChoice: emit(({ event }) => {
      assertEvent(event, 'asset.choose');
      return { type: 'asset.chosen' as const, asset: event.asset };
    }),
  },
}).createMachine({
  id: 'assetLibrary',
  description:
    '“Choose from library” on an ad: the account’s pictures or videos (the ad’s kind), newest first, ' +
    'with thumbnail, name, dimensions and duration; typing searches by name. Choosing one attaches it ' +
    'to the ad.',
  context: ({ input }) => ({ kind: input.kind, query: '', items: [], total: 0, error: null }),
  initial: 'loading',
  on: {
    // A new search replaces the one on its way (its request is aborted).
    'search.change': { target: '.loading', reenter: true, actions: 'keepQuery' },
  },
  states: {
    loading: libraryLoad.loading,
    ready: {
      description:
        'The matches as a grid (or “No images yet.” / “No assets match this search.”); choosing one ' +
        'attaches it to the ad and closes the dialog.',
      on: { 'asset.choose': { target: 'chosen', actions: 'announceChoice' } },
    },
    chosen: {
      description: 'The asset is attached to the ad; the dialog closes.',
      type: 'final',
    },
    failed: libraryLoad.failed,
  },
});

export type AssetLibraryMachine = typeof assetLibraryMachine;
