import type { Asset } from '@contract/creative';
import type { SnapshotFrom } from 'xstate';
import type { AssetLibraryMachine } from './assetLibrary.machine';
import type { AssetLibraryEvent } from './assetLibrary.types';

export type AssetLibrarySnapshot = SnapshotFrom<AssetLibraryMachine>;

export interface AssetLibraryView {
  phase: 'loading' | 'ready' | 'failed' | 'chosen';
  query: string;
  items: Asset[];
  /** Under the list: the library has more matches than it shows. */
  moreNote: string | null;
  /** “No images yet.”, “No assets match this search.” */
  emptyNote: string | null;
  error: string | null;
  search(query: string): void;
  retry(): void;
  choose(asset: Asset): void;
}

export function connectAssetLibrary(
  snapshot: AssetLibrarySnapshot,
  send: (event: AssetLibraryEvent) => void,
): AssetLibraryView {
  const { kind, query, items, total, error } = snapshot.context;
  const phase = snapshot.value as AssetLibraryView['phase'];
  const ready = phase === 'ready';
  return {
    phase,
    query,
    items: ready ? items : [],
    moreNote:
      ready && total > items.length
        ? `The newest ${items.length} of ${total.toLocaleString('en')}: search by name for the others.`
        : null,
    emptyNote:
      ready && items.length === 0
        ? query.trim()
          ? 'No assets match this search.'
          : `No ${kind === 'image' ? 'images' : 'videos'} yet.`
        : null,
    error: phase === 'failed' ? error : null,
    search: (value) => send({ type: 'search.change', query: value }),
    retry: () => send({ type: 'load.retry' }),
    choose: (asset) => send({ type: 'asset.choose', asset }),
  };
}
