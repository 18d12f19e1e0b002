import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { AssetStorage } from '../../assets/storage';
import type { Database } from '../../db/connect';
import { creativeAssets } from '../../db/schema';
import { type PlatformAdMedia, PlatformError } from '../connector';

/**
 * The bytes of an ad's picture or video from the asset library (what `/api/assets/{id}/file` serves), for
 * connectors whose platform takes uploads rather than fetching our signed-in URL (Meta's `adimages` takes
 * `bytes`, `advideos` a file).
 */
export function assetMediaReader(db: Database, storage: AssetStorage) {
  return async (media: PlatformAdMedia): Promise<Uint8Array> => {
    const [asset] = await db
      .select({ storageKey: creativeAssets.storageKey })
      .from(creativeAssets)
      .where(eq(creativeAssets.id, media.assetId));
    if (!asset)
      throw new PlatformError(
        'meta',
        'validation',
        `The ${media.kind} ${media.assetId} is no longer in the library.`,
      );
    return readFile(storage.pathOf(asset.storageKey));
  };
}
