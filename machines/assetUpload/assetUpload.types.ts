import type { Asset, MediaKind } from '@contract/creative';

/**
 * Types of the asset upload (`assetUpload`): choose a picture or a video, send it with progress, wait
 * while the server reads it, and see it accepted (an Asset of the library) or refused with the reason.
 */

/** The part of a browser `File` the chart reads; `src/` hands the real File through to the upload. */
export interface UploadFile {
  name: string;
  /** MIME type the browser guessed (a hint: the server reads the content). */
  type: string;
  /** Bytes. */
  size: number;
}

export interface AssetUploadInput {
  /** What the ad takes: the file picker offers only these, and the library's caps apply. */
  kind: MediaKind;
}

export interface AssetUploadContext {
  kind: MediaKind;
  file: UploadFile | null;
  /** Bytes sent so far, of `total`. */
  loaded: number;
  total: number;
  asset: Asset | null;
  /** Why the file was refused (the server's words, or the cap's). */
  error: string | null;
}

export type AssetUploadEvent =
  /** The planner opened the file picker. */
  | { type: 'upload.choose' }
  /** The picker closed without a file. */
  | { type: 'choose.cancel' }
  | { type: 'file.select'; file: UploadFile }
  /** From the upload: bytes sent so far. */
  | { type: 'upload.progress'; loaded: number; total: number }
  /** From the upload: every byte is sent; the server is reading the file. */
  | { type: 'upload.sent' }
  | { type: 'upload.accepted'; asset: Asset }
  | { type: 'upload.refused'; error: unknown }
  | { type: 'upload.cancel' }
  | { type: 'upload.retry' };

export type AssetUploadEmitted = { type: 'asset.accepted'; asset: Asset };
