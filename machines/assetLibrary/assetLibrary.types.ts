import type { Asset, MediaKind } from '@contract/creative';

/** Types of the library picker (`assetLibrary`): the account's assets of one kind, searchable by name. */

export interface AssetLibraryInput {
  kind: MediaKind;
}

export interface AssetLibraryContext {
  kind: MediaKind;
  query: string;
  items: Asset[];
  /** All the library's matches (the page shows the newest). */
  total: number;
  error: string | null;
}

/** What `listAssets` is asked and answers (GET /api/assets?kind=&q=). */
export interface AssetQuery {
  kind: MediaKind;
  query: string;
}
export interface AssetPage {
  items: Asset[];
  total: number;
}

export type AssetLibraryEvent =
  | { type: 'search.change'; query: string }
  | { type: 'load.retry' }
  | { type: 'asset.choose'; asset: Asset };

export type AssetLibraryEmitted = { type: 'asset.chosen'; asset: Asset };
