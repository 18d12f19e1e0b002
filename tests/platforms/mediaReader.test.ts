import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileAssetStorage } from '@server/assets/storage';
import { accounts, creativeAssets } from '@server/db/schema';
import type { PlatformAdMedia } from '@server/platforms';
import { assetMediaReader } from '@server/platforms/mediaReader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';

/** The pictures the Google Ads connector uploads as image assets: the planner's crops, as PNG or JPEG. */
const { db } = await freshDatabase();

describe('Google Ads picture reader', () => {
  it('crops the original to each aspect around the focal point, in the original’s format', async () => {
    const storage = fileAssetStorage(path.join(tmpdir(), `flightplan-gads-${randomUUID()}`));
    const [account] = await db.select().from(accounts).limit(1);
    const id = randomUUID();
    const key = storage.keyOf(account!.id, id);
    await mkdir(path.dirname(storage.pathOf(key)), { recursive: true });
    await sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: 9, g: 9, b: 9 } } })
      .png()
      .toFile(storage.pathOf(key));
    await db.insert(creativeAssets).values({
      id,
      organizationId: account!.organizationId,
      accountId: account!.id,
      kind: 'image',
      mimeType: 'image/png',
      name: 'wide.png',
      byteSize: 1000,
      width: 2000,
      height: 1000,
      sha256: randomUUID().replaceAll('-', ''),
      storageKey: key,
    });
    const read = assetMediaReader(db, storage);
    const media = { assetId: id, focalX: 0.5, focalY: 0.5 } as PlatformAdMedia;
    const landscape = await sharp(Buffer.from((await read.cropped(media, '1.91:1'))!)).metadata();
    expect(landscape).toMatchObject({ format: 'png', width: 1200 });
    expect(Math.abs(landscape.width! / landscape.height! - 1.91)).toBeLessThan(0.02);
    const square = await sharp(Buffer.from((await read.cropped(media, '1:1'))!)).metadata();
    expect(square).toMatchObject({ format: 'png', width: 1000, height: 1000 });
    expect(await read.cropped({ ...media, assetId: randomUUID() }, '1:1')).toBeNull();
  });
});
