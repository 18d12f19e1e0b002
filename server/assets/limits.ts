import {
  MAX_IMAGE_BYTES,
  MAX_IMAGE_SIDE,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
} from '../../contract/creative/assets';

/** The library's caps (contract/creative/assets.ts); tests pass smaller ones rather than sending 500 MB. */
export interface AssetLimits {
  maxImageBytes: number;
  maxVideoBytes: number;
  maxVideoSeconds: number;
  maxImageSide: number;
}

export const DEFAULT_ASSET_LIMITS: AssetLimits = {
  maxImageBytes: MAX_IMAGE_BYTES,
  maxVideoBytes: MAX_VIDEO_BYTES,
  maxVideoSeconds: MAX_VIDEO_SECONDS,
  maxImageSide: MAX_IMAGE_SIDE,
};
