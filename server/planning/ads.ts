import type { Ad, Asset, AssetFacts } from '@contract/creative';
import type { PlanAd } from '@contract/planning';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { type AssetRow, serializeAsset } from '../assets/serialize';
import { campaignAdAssets, campaignAds, creativeAssets } from '../db/schema';
import type { TxDatabase } from '../db/transaction';

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

/**
 * What the creative checks need of the assets `ids`, read from the account's library only: an id of
 * another account is left out, so the check answers it "Asset not found" exactly like a missing one.
 */
export async function assetFactsOf(
  db: TxDatabase,
  accountId: string,
  ids: readonly string[],
): Promise<Record<string, AssetFacts>> {
  if (ids.length === 0) return {};
  const rows = await db
    .select()
    .from(creativeAssets)
    .where(and(eq(creativeAssets.accountId, accountId), inArray(creativeAssets.id, [...new Set(ids)])))
    // Held until the save commits: the library cannot delete an asset between its check and its use.
    .for('share');
  return Object.fromEntries(rows.map((row) => [row.id, serializeAsset(row)]));
}

/**
 * The plan's ads become `ads`, in that order. An ad sent with the id of one of the plan's ads keeps it
 * (the wizard matches its drafts to the saved ads by id); the ads not sent go, with their asset uses.
 */
export async function replaceAds(tx: TxDatabase, campaignId: string, ads: readonly Ad[]): Promise<void> {
  const existing = await tx
    .select({ id: campaignAds.id })
    .from(campaignAds)
    .where(eq(campaignAds.campaignId, campaignId));
  const kept = ads.flatMap((ad) => (ad.id ? [ad.id] : []));
  const gone = existing.map((row) => row.id).filter((id) => !kept.includes(id));
  if (gone.length > 0) await tx.delete(campaignAds).where(inArray(campaignAds.id, gone));
  if (kept.length > 0) await tx.delete(campaignAdAssets).where(inArray(campaignAdAssets.adId, kept));
  for (const [position, ad] of ads.entries()) {
    const values = {
      platformKey: ad.platform,
      position,
      name: ad.name,
      format: ad.format,
      texts: ad.texts,
      destinationUrl: ad.destinationUrl,
      utm: ad.utm,
      callToAction: ad.callToAction,
    };
    let id = ad.id;
    if (id) await tx.update(campaignAds).set(values).where(eq(campaignAds.id, id));
    else {
      const [inserted] = await tx
        .insert(campaignAds)
        .values({ campaignId, ...values })
        .returning({ id: campaignAds.id });
      id = inserted!.id;
    }
    if (ad.assets.length > 0)
      await tx.insert(campaignAdAssets).values(
        ad.assets.map((use, index) => ({
          adId: id!,
          position: index,
          assetId: use.assetId,
          focalX: use.focalX,
          focalY: use.focalY,
        })),
      );
  }
}

/**
 * A plan never keeps ads for a platform it does not run: the platforms save drops the others' ads, and
 * the remaining ones close up their positions.
 */
export async function dropAdsOutside(tx: TxDatabase, campaignId: string, platforms: readonly string[]) {
  const removed = await tx
    .delete(campaignAds)
    .where(
      and(
        eq(campaignAds.campaignId, campaignId),
        platforms.length > 0 ? notInArray(campaignAds.platformKey, [...platforms]) : undefined,
      ),
    )
    .returning({ id: campaignAds.id });
  if (removed.length === 0) return;
  const rows = await tx
    .select({ id: campaignAds.id, position: campaignAds.position })
    .from(campaignAds)
    .where(eq(campaignAds.campaignId, campaignId))
    .orderBy(asc(campaignAds.position));
  for (const [position, row] of rows.entries()) {
    if (row.position !== position)
      await tx.update(campaignAds).set({ position }).where(eq(campaignAds.id, row.id));
  }
}
