import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cropRect } from '@contract/creative/crop';
import sharp from 'sharp';
import type { ByteCache } from './byteCache';
import type { DecodeBudget } from './decodeBudget';
import type { AssetRow } from './serialize';
import type { AssetStorage } from './storage';

export const THUMBNAIL_WIDTH = 320;
/** The upload's check applied the library's own pixel limit, which may exceed sharp's default. */
const CHECKED_AT_UPLOAD = { limitInputPixels: false } as const;
const THUMBNAIL_VARIANT = `thumbnail-${THUMBNAIL_WIDTH}.webp`;

/**
 * The library's 320 px WebP of an asset, made once and kept next to the original (an asset never changes,
 * so neither does its thumbnail). A video's is a neutral poster of its shape with a play sign: decoding
 * frames would need a video decoder the server does not carry.
 */
export async function thumbnailOf(
  storage: AssetStorage,
  asset: AssetRow,
  budget: DecodeBudget,
): Promise<Buffer> {
  const cached = storage.variantPathOf(asset.storageKey, THUMBNAIL_VARIANT);
  const existing = await readFile(cached).catch(() => undefined);
  if (existing) return existing;
  const made =
    asset.kind === 'video'
      ? await videoPoster(asset.width, asset.height)
      : await budget.run(asset.width * asset.height, () =>
          sharp(storage.pathOf(asset.storageKey), CHECKED_AT_UPLOAD)
            .autoOrient()
            .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
            .webp({ quality: 80 })
            .toBuffer(),
        );
  await keep(cached, made);
  return made;
}

/** Written beside, then renamed: two requests making the same thumbnail never leave half a file. */
async function keep(file: string, bytes: Buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.part`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, file);
  } catch {
    // Only a cache: the caller already has the bytes.
    await rm(temp, { force: true });
  }
}

function videoPoster(width: number, height: number): Promise<Buffer> {
  const w = THUMBNAIL_WIDTH;
  const h = Math.max(16, Math.min(2 * w, Math.round((w * height) / width)));
  const r = Math.min(w, h) / 6;
  const cx = w / 2;
  const cy = h / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="100%" height="100%" fill="#3a3f47"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 1.4}" fill="#000" fill-opacity="0.35"/>
    <polygon points="${cx - r * 0.5},${cy - r * 0.7} ${cx - r * 0.5},${cy + r * 0.7} ${cx + r * 0.75},${cy}" fill="#fff"/>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

export interface CropRequest {
  aspect: number;
  focalX: number;
  focalY: number;
  width: number;
}

/**
 * The crop the platform will get (contract/creative/crop.ts, the same rectangle the preview draws), as WebP.
 * Kept in `cache` by the rectangle in pixels and the width: the creative step asks for the same crops on
 * every visit, and each would otherwise decode the whole original again.
 */
export async function cropOf(
  storage: AssetStorage,
  asset: AssetRow,
  crop: CropRequest,
  { budget, cache }: { budget: DecodeBudget; cache: ByteCache },
): Promise<Buffer> {
  const rect = cropRect(asset.width, asset.height, crop.aspect, crop.focalX, crop.focalY);
  const key = `${asset.id}:${rect.left},${rect.top},${rect.width},${rect.height}:${crop.width}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const made = await budget.run(asset.width * asset.height, () =>
    sharp(storage.pathOf(asset.storageKey), CHECKED_AT_UPLOAD)
      .autoOrient()
      .extract(rect)
      .resize({ width: crop.width })
      .webp({ quality: 85 })
      .toBuffer(),
  );
  cache.set(key, made);
  return made;
}
