import type { AssetMimeType } from '@contract/creative/assets';
import sharp from 'sharp';
import type { DecodeBudget } from './decodeBudget';
import type { AssetLimits } from './limits';
import { refuse } from './refusals';

const SHARP_FORMAT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

/**
 * An image's size as it is shown (EXIF orientation applied), after making sure the whole file decodes:
 * the header alone says nothing of a file cut off half-way, so sharp reads every pixel (`stats`).
 */
export async function probeImage(
  file: string,
  mimeType: AssetMimeType,
  limits: AssetLimits,
  budget: DecodeBudget,
): Promise<{ width: number; height: number }> {
  // The header only: nothing is decoded until the declared size has been checked.
  const metadata = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw refuse.damagedImage();
    });
  const { format, width, height } = metadata;
  if (format !== SHARP_FORMAT[mimeType] || !width || !height) throw refuse.damagedImage();
  if (width > limits.maxImageSide || height > limits.maxImageSide) {
    throw refuse.imageTooWide(limits.maxImageSide, width, height);
  }
  if (width * height > limits.maxImagePixels)
    throw refuse.tooManyPixels(limits.maxImagePixels, width, height);
  // 'error' refuses truncated and corrupt data but lets through the warnings many cameras' files raise.
  await budget.run(width * height, () =>
    sharp(file, { failOn: 'error', limitInputPixels: limits.maxImagePixels })
      .stats()
      .catch(() => {
        throw refuse.damagedImage();
      }),
  );
  return { width: metadata.autoOrient?.width ?? width, height: metadata.autoOrient?.height ?? height };
}
