/**
 * The crop of a picture to an aspect ratio around the planner's focal point: the largest rectangle of that
 * ratio inside the picture, centred on the focal point as far as the edges allow. The server cuts it with
 * sharp and the preview draws the same rectangle, so what the planner sees is what the platform gets.
 */

export interface CropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** '1.91:1' → 1.91; '9:16' → 0.5625. NaN for anything else. */
export function aspectValue(key: string): number {
  const match = /^(\d{1,3}(?:\.\d{1,3})?):(\d{1,3}(?:\.\d{1,3})?)$/.exec(key);
  if (!match) return Number.NaN;
  const w = Number(match[1]);
  const h = Number(match[2]);
  return w > 0 && h > 0 ? w / h : Number.NaN;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function cropRect(
  imageWidth: number,
  imageHeight: number,
  aspect: number,
  focalX: number,
  focalY: number,
): CropRect {
  let width = imageWidth;
  let height = Math.round(imageWidth / aspect);
  if (height > imageHeight) {
    height = imageHeight;
    width = Math.round(imageHeight * aspect);
  }
  width = clamp(width, 1, imageWidth);
  height = clamp(height, 1, imageHeight);
  const left = Math.round(clamp(focalX * imageWidth - width / 2, 0, imageWidth - width));
  const top = Math.round(clamp(focalY * imageHeight - height / 2, 0, imageHeight - height));
  return { left, top, width, height };
}

/** A video is not cropped: it must already be of one of the placement's ratios (within 1 %). */
export function matchesAspect(width: number, height: number, aspect: number): boolean {
  return height > 0 && Math.abs(width / height - aspect) / aspect <= 0.01;
}
