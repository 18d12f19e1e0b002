import type { Asset, AssetMimeType } from '@contract/creative';
import type { MediaKind } from '@contract/creative/specs';
import type { creativeAssets } from '../db/schema';

export type AssetRow = typeof creativeAssets.$inferSelect;

/** An asset row as the API answers it (`contract/creative` AssetSchema). */
export function serializeAsset(row: AssetRow): Asset {
  const id = encodeURIComponent(row.id);
  return {
    id: row.id,
    kind: row.kind as MediaKind,
    mimeType: row.mimeType as AssetMimeType,
    name: row.name,
    byteSize: row.byteSize,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
    thumbnailUrl: `/api/assets/${id}/thumbnail`,
    fileUrl: `/api/assets/${id}/file`,
  };
}
