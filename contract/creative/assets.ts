import * as v from 'valibot';
import { MEDIA_KINDS } from './specs';

/**
 * The account's asset library (`/api/assets`): images and videos uploaded once and used by any of the
 * account's ads. What the server read from the file's content (never from its name or the request's
 * Content-Type) is what the creative checks use.
 */

/** The types an upload may be, by content (magic bytes, then the image or MP4 parser). */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4'] as const;
export const ASSET_MIME_TYPES = [...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES] as const;
export type AssetMimeType = (typeof ASSET_MIME_TYPES)[number];

/** The library's own caps, above every platform's: a platform's lower cap is an ad's error, not an upload's. */
export const MAX_IMAGE_BYTES = 30 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 500 * 1024 * 1024;
/** The longest video any platform we plan on runs in a feed (Meta: 241 minutes) rounded down to 4 hours. */
export const MAX_VIDEO_SECONDS = 4 * 60 * 60;
/** Images larger than this in either side are refused (sharp's decompression-bomb guard). */
export const MAX_IMAGE_SIDE = 16_384;
/**
 * Pixels an image may have (width × height), checked from its header before anything decodes it: a few
 * hundred KB of PNG can declare 16 384 × 16 384 pixels, a gigabyte of memory once decoded. 50 MP is more
 * than any camera an agency shoots with and any ad platform takes.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** The file name as shown in the library (what the planner named it); never a path on our side. */
export const MAX_ASSET_NAME_LENGTH = 200;

export const AssetSchema = v.object({
  id: v.string(),
  kind: v.picklist(MEDIA_KINDS),
  mimeType: v.picklist(ASSET_MIME_TYPES),
  /** The name it was uploaded as. */
  name: v.string(),
  byteSize: v.number(),
  width: v.number(),
  height: v.number(),
  /** Videos only. */
  durationMs: v.nullable(v.number()),
  createdAt: v.string(),
  /** `GET /api/assets/{id}/thumbnail` (a 320 px WebP; a video's first frame is not decoded: its poster is a placeholder). */
  thumbnailUrl: v.string(),
  /** `GET /api/assets/{id}/file`, the original. */
  fileUrl: v.string(),
});
export type Asset = v.InferOutput<typeof AssetSchema>;

/** `GET /api/assets?kind=&q=&_page=`: the library, newest first. */
export const AssetListSchema = v.object({ items: v.array(AssetSchema), total: v.number() });

/** What the creative checks need of an asset. */
export type AssetFacts = Pick<
  Asset,
  'id' | 'kind' | 'mimeType' | 'byteSize' | 'width' | 'height' | 'durationMs'
>;

/** `errorCode` of deleting an asset that a plan's ad uses (409). */
export const ASSET_IN_USE = 'ASSET_IN_USE';

/** `GET /api/assets/{id}/crop?aspect=4:5&fx=0.5&fy=0.3&w=400`: the crop as the platform will get it. */
export const cropUrl = (assetId: string, aspect: string, focalX: number, focalY: number, width: number) =>
  `/api/assets/${encodeURIComponent(assetId)}/crop?${new URLSearchParams({
    aspect,
    fx: focalX.toFixed(3),
    fy: focalY.toFixed(3),
    w: String(Math.round(width)),
  })}`;
