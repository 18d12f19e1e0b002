import { readFile } from 'node:fs/promises';
import { aspectValue, cropRect } from '@contract/creative/crop';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AssetStorage } from '../assets/storage';
import type { Database } from '../db/connect';
import { creativeAssets } from '../db/schema';
import type { PlatformAdMedia } from './connector';

/** A cropped picture no wider than this is plenty for the platforms' display placements. */
const MAX_CROP_WIDTH = 1200;

/**
 * An ad's files from the asset library, for the real connectors whose platforms take uploads rather than
 * fetching our signed-in URL (`PlatformSettings.readMedia`). Both answer null when the asset or its file is gone.
 */
export interface MediaReader {
  /** The file as uploaded: Meta's `adimages` (`bytes`) and `advideos` take it whole, crops go with the creative. */
  original(media: PlatformAdMedia): Promise<Uint8Array | null>;
  /**
   * A picture cropped to `aspect` (`1.91:1`, `1:1`…) around the planner's focal point — the rectangle the preview
   * draws (contract/creative/crop.ts) — as PNG or JPEG like the original: Google's image assets, one per ratio.
   */
  cropped(media: PlatformAdMedia, aspect: string): Promise<Uint8Array | null>;
}

export function assetMediaReader(db: Database, storage: AssetStorage): MediaReader {
  const assetOf = async (media: PlatformAdMedia) => {
    const [asset] = await db.select().from(creativeAssets).where(eq(creativeAssets.id, media.assetId));
    return asset ?? null;
  };
  return {
    async original(media) {
      const asset = await assetOf(media);
      if (!asset) return null;
      try {
        return await readFile(storage.pathOf(asset.storageKey));
      } catch {
        return null;
      }
    },
    async cropped(media, aspect) {
      const asset = await assetOf(media);
      if (!asset) return null;
      const rect = cropRect(asset.width, asset.height, aspectValue(aspect), media.focalX, media.focalY);
      try {
        const image = sharp(storage.pathOf(asset.storageKey)).autoOrient().extract(rect);
        const sized = rect.width > MAX_CROP_WIDTH ? image.resize({ width: MAX_CROP_WIDTH }) : image;
        return await (asset.mimeType === 'image/png' ? sized.png() : sized.jpeg({ quality: 90 })).toBuffer();
      } catch {
        return null;
      }
    },
  };
}
