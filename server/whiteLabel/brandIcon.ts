import { ICON_SIZE } from '@contract/whiteLabel';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { HttpError } from '../http/errors';

/** What the content must turn out to be, whatever the Content-Type header said. */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'svg']);
/** Decompression bombs: a small file can declare a huge canvas. */
const MAX_INPUT_PIXELS = 25_000_000;
/** Vector icons are rasterised at twice the icon size, then scaled down, for crisp edges. */
const SVG_RENDER_SIZE = ICON_SIZE * 2;

export const unsupportedImage = () =>
  new HttpError(415, 'Upload a PNG, JPEG, WebP or SVG image', { errorCode: 'UNSUPPORTED_IMAGE' });

/**
 * Turns an uploaded PNG, JPEG, WebP or SVG into the stored icon: ICON_SIZE × ICON_SIZE PNG, the image
 * scaled to fit ('contain') on a transparent background, EXIF orientation applied, metadata dropped.
 * Anything sharp cannot decode as one of those formats is a 415.
 */
export async function toBrandIconPng(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw unsupportedImage();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw unsupportedImage();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw unsupportedImage();
  const { width = 0, height = 0 } = metadata;

  let input: Sharp;
  if (metadata.format === 'svg') {
    // Pick the density (72 = as declared) that renders the larger side at SVG_RENDER_SIZE pixels.
    const side = Math.max(width, height, 1);
    const density = Math.min(100_000, Math.max(1, (72 * SVG_RENDER_SIZE) / side));
    input = sharp(bytes, { density, limitInputPixels: MAX_INPUT_PIXELS });
  } else {
    if (width * height > MAX_INPUT_PIXELS) {
      throw new HttpError(413, 'The image must be 25 megapixels or smaller', {
        errorCode: 'PAYLOAD_TOO_LARGE',
      });
    }
    input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true });
  }
  try {
    return await input
      .resize(ICON_SIZE, ICON_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .ensureAlpha()
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    // Truncated or corrupt data that the header check let through.
    throw unsupportedImage();
  }
}
