import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  type Ad,
  type AdFormat,
  type AssetFacts,
  type CreativeSpecs,
  defaultUtm,
  formatsFor,
} from '../../contract/creative';
import type { Database } from '../../server/db/connect';
import { accounts, campaigns, creativeAssets } from '../../server/db/schema';

/**
 * The asset library and ads of the API tests. Assets are rows of creative_assets written directly (the
 * creative checks read only the row's facts; the upload API has its own tests), and ads are built from a
 * platform's specs so each one passes them.
 */

/**
 * A picture every platform's first aspect of every image placement takes: 9:16 at 1215 × 2160 crops to
 * 1215 × 636 at 1.91:1 (TikTok's app bundle wants 1200 × 628), 1215 × 2160 at 9:16 (Snapchat 1080 × 1920)
 * and 1215 × 1823 at 2:3 (Pinterest 600 × 900); 400 KB is under TikTok's 500 KB for images.
 */
export const FITS_ALL_IMAGE = {
  kind: 'image',
  mimeType: 'image/png',
  width: 1215,
  height: 2160,
  durationMs: null,
  byteSize: 400_000,
} as const satisfies Omit<AssetFacts, 'id'>;

/**
 * 15 seconds of 9:16 at 1080 × 1920 (Snapchat's minimum), 10 MB: a video for the platforms whose video
 * placements take 9:16 (Meta, TikTok, Snapchat); LinkedIn's and Pinterest's do not (they get pictures).
 */
export const FITS_ALL_VIDEO = {
  kind: 'video',
  mimeType: 'video/mp4',
  width: 1080,
  height: 1920,
  durationMs: 15_000,
  byteSize: 10 * 1024 * 1024,
} as const satisfies Omit<AssetFacts, 'id'>;

export type AssetValues = Omit<AssetFacts, 'id'>;

/** An asset row in `accountId`'s library (of its organization); its id. */
export async function insertAsset(
  db: Database,
  accountId: string,
  facts: AssetValues = FITS_ALL_IMAGE,
  name = facts.kind === 'image' ? 'picture.png' : 'clip.mp4',
): Promise<string> {
  const [account] = await db
    .select({ organizationId: accounts.organizationId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const [row] = await db
    .insert(creativeAssets)
    .values({
      organizationId: account!.organizationId,
      accountId,
      ...facts,
      name,
      sha256: randomBytes(32).toString('hex'),
      storageKey: `test/${randomBytes(8).toString('hex')}`,
    })
    .returning({ id: creativeAssets.id });
  return row!.id;
}

export async function accountOfCampaign(db: Database, campaignId: string): Promise<string> {
  const [row] = await db
    .select({ accountId: campaigns.accountId })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return row!.accountId;
}

/** The library assets an ad may use: a picture and a video that fit every platform. */
export interface Library {
  image: string;
  video: string;
}

export async function libraryFor(db: Database, campaignId: string): Promise<Library> {
  const accountId = await accountOfCampaign(db, campaignId);
  return {
    image: await insertAsset(db, accountId, FITS_ALL_IMAGE),
    video: await insertAsset(db, accountId, FITS_ALL_VIDEO),
  };
}

/** Which format a test ad takes when the platform runs several for the objective: the simplest first. */
const PREFERENCE: AdFormat[] = ['single_image', 'responsive_search', 'video', 'carousel'];

/**
 * An ad `specs` accepts for `objectiveId`: its simplest format, every text field filled with as many
 * short entries as it needs, the library's assets, the first call to action, default UTM parameters.
 */
export function validAd(
  specs: CreativeSpecs,
  objectiveId: number,
  library: Library,
  campaignName = 'Planned campaign',
): Ad {
  const formats = formatsFor(specs, objectiveId);
  const format = [...formats].sort((a, b) => PREFERENCE.indexOf(a.key) - PREFERENCE.indexOf(b.key))[0];
  if (!format) throw new Error(`${specs.displayName} runs no format for objective ${objectiveId}`);
  const name = `${specs.displayName} ad`;
  const media = format.media;
  return {
    platform: specs.platform,
    name,
    format: format.key,
    texts: Object.fromEntries(
      format.texts.map((field) => [
        field.key,
        Array.from({ length: field.minCount }, (_, i) =>
          `${field.label} ${i + 1}`.padEnd(field.minLength, '.').slice(0, field.maxLength),
        ),
      ]),
    ),
    assets: media
      ? Array.from({ length: media.minCount }, () => ({
          assetId: media.kind === 'image' ? library.image : library.video,
          focalX: 0.5,
          focalY: 0.5,
        }))
      : [],
    destinationUrl: 'https://example.com/offer',
    utm: defaultUtm(specs.platform, campaignName, name),
    callToAction: specs.callsToAction[0]!.key,
  };
}
