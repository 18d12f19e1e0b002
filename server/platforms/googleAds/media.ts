import { aspectValue, cropRect } from '@contract/creative/crop';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AssetStorage } from '../../assets/storage';
import type { Database } from '../../db/connect';
import { creativeAssets } from '../../db/schema';
import type { PlatformAdMedia } from '../connector';

/** Google's image assets: PNG, JPEG or GIF (no WebP); a crop no wider than this is plenty for Display. */
const MAX_WIDTH = 1200;

/**
 * The Google Ads connector's picture reader (`GoogleAdsConnectorOptions.readMedia`): the asset's original
 * from the asset storage, cropped to `aspect` around the planner's focal point (the same rectangle the
 * preview draws, contract/creative/crop.ts), as PNG or JPEG like the original. Null when the file is gone.
 */
export function assetMediaReader(db: Database, storage: AssetStorage) {
  return async (media: PlatformAdMedia, aspect: string): Promise<Uint8Array | null> => {
    const [asset] = await db.select().from(creativeAssets).where(eq(creativeAssets.id, media.assetId));
    if (!asset) return null;
    const rect = cropRect(asset.width, asset.height, aspectValue(aspect), media.focalX, media.focalY);
    try {
      const image = sharp(storage.pathOf(asset.storageKey)).autoOrient().extract(rect);
      const sized = rect.width > MAX_WIDTH ? image.resize({ width: MAX_WIDTH }) : image;
      return await (asset.mimeType === 'image/png' ? sized.png() : sized.jpeg({ quality: 90 })).toBuffer();
    } catch {
      return null;
    }
  };
}
