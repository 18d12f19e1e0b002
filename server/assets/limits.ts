import {
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
} from '@contract/creative/assets';

/** The library's caps (contract/creative/assets.ts); tests pass smaller ones rather than sending 500 MB. */
export interface AssetLimits {
  maxImageBytes: number;
  maxVideoBytes: number;
  maxVideoSeconds: number;
  maxImageSide: number;
  /** Width × height, read from the header before decoding. */
  maxImagePixels: number;
  /** Pixels decoding at once, across requests (uploads' checks, thumbnails, crops); more wait their turn. */
  maxDecodingPixels: number;
}

export const DEFAULT_ASSET_LIMITS: AssetLimits = {
  maxImageBytes: MAX_IMAGE_BYTES,
  maxVideoBytes: MAX_VIDEO_BYTES,
  maxVideoSeconds: MAX_VIDEO_SECONDS,
  maxImageSide: MAX_IMAGE_SIDE,
  maxImagePixels: MAX_IMAGE_PIXELS,
  // Two of the largest images at once: ~400 MB of decoded pixels at most, however many arrive together.
  maxDecodingPixels: 2 * MAX_IMAGE_PIXELS,
};
