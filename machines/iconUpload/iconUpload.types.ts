/**
 * Types of the brand icon uploader (`iconUpload`): choose an image, check it in the browser, PUT its bytes,
 * or remove the icon.
 */

/** The part of a browser `File` the chart reads; `src/` hands the real File through to the upload. */
export interface IconFile {
  name: string;
  /** MIME type reported by the browser, e.g. `image/png`. */
  type: string;
  /** Bytes. */
  size: number;
}

export interface IconUploadContext {
  /** The stored icon's URL (GET /api/brand-icons/:uuid), or null without one. */
  iconUrl: string | null;
  /** The file on its way to the server (its local preview is shown meanwhile). */
  file: IconFile | null;
  /** Why the last file or removal was refused. */
  error: string | null;
}

export type IconUploadEvent = { type: 'file.select'; file: IconFile } | { type: 'icon.remove' };

export interface IconUploadInput {
  iconUrl: string | null;
}

/** What the upload and removal actors resolve with. */
export interface IconUploadResult {
  iconUrl: string | null;
}

export type IconUploadEmitted =
  /** The icon changed on the server: refresh the session so the navbar and favicon follow. */
  | { type: 'icon.changed'; iconUrl: string | null }
  /** The server answered REQUIRES_UPGRADE: the settings page shows the upgrade notice. */
  | { type: 'upgrade.required' };
