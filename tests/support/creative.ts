import { randomBytes } from 'node:crypto';
import type { Database } from '@server/db/connect';
import { accounts, campaigns, creativeAssets } from '@server/db/schema';
import { type AssetValues, FITS_ALL_IMAGE, FITS_ALL_VIDEO, type Library } from '@tooling/fixtures/creative';
import { eq } from 'drizzle-orm';

/**
 * The asset library of the API tests: rows of creative_assets written directly (the creative checks read
 * only the row's facts; the upload API has its own tests). The facts themselves, and the ads built from a
 * platform's specs, are in tooling/fixtures/creative.ts (shared with the browser journeys).
 */

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

export async function libraryFor(db: Database, campaignId: string): Promise<Library> {
  const accountId = await accountOfCampaign(db, campaignId);
  return {
    image: await insertAsset(db, accountId, FITS_ALL_IMAGE),
    video: await insertAsset(db, accountId, FITS_ALL_VIDEO),
  };
}
