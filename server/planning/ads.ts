import { asc, eq, inArray } from 'drizzle-orm';
import type { Asset } from '../../contract/creative';
import type { PlanAd } from '../../contract/planning';
import { type AssetRow, serializeAsset } from '../assets/serialize';
import { campaignAdAssets, campaignAds, creativeAssets } from '../db/schema';
import type { TxDatabase } from '../jobs/transaction';

/** The plan's ads in the planner's order, and the library assets they use. */
export async function loadAds(
  db: TxDatabase,
  campaignId: string,
): Promise<{ ads: PlanAd[]; assets: Asset[] }> {
  const ads = await db
    .select()
    .from(campaignAds)
    .where(eq(campaignAds.campaignId, campaignId))
    .orderBy(asc(campaignAds.position));
  if (ads.length === 0) return { ads: [], assets: [] };
  const uses = await db
    .select()
    .from(campaignAdAssets)
    .where(
      inArray(
        campaignAdAssets.adId,
        ads.map((ad) => ad.id),
      ),
    )
    .orderBy(asc(campaignAdAssets.adId), asc(campaignAdAssets.position));
  const assetIds = [...new Set(uses.map((use) => use.assetId))];
  const assetRows: AssetRow[] =
    assetIds.length > 0
      ? await db.select().from(creativeAssets).where(inArray(creativeAssets.id, assetIds))
      : [];
  return {
    ads: ads.map((ad) => ({
      id: ad.id,
      platform: ad.platformKey,
      name: ad.name,
      format: ad.format,
      texts: ad.texts,
      assets: uses
        .filter((use) => use.adId === ad.id)
        .map((use) => ({ assetId: use.assetId, focalX: use.focalX, focalY: use.focalY })),
      destinationUrl: ad.destinationUrl,
      utm: ad.utm ?? null,
      callToAction: ad.callToAction,
    })),
    assets: assetRows.map(serializeAsset),
  };
}
