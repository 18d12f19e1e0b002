import type { MediaKind } from '@contract/creative/specs';
import { and, count, countDistinct, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { likeContains } from '../data/list';
import type { Database } from '../db/connect';
import { campaignAdAssets, campaignAds, creativeAssets } from '../db/schema';
import type { AssetRow } from './serialize';

/** The account an asset belongs to: always the session's (`requireAccount`), never a client-sent id. */
export interface AssetScope {
  organizationId: string;
  accountId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ofScope = (scope: AssetScope): SQL =>
  and(
    eq(creativeAssets.accountId, scope.accountId),
    eq(creativeAssets.organizationId, scope.organizationId),
  )!;

/** The asset, if it is this account's; a malformed id is as missing as another tenant's. */
export async function findAsset(db: Database, scope: AssetScope, id: string): Promise<AssetRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(creativeAssets)
    .where(and(ofScope(scope), eq(creativeAssets.id, id)));
  return row;
}

export async function findAssetBySha(
  db: Database,
  scope: AssetScope,
  sha256: string,
): Promise<AssetRow | undefined> {
  const [row] = await db
    .select()
    .from(creativeAssets)
    .where(and(ofScope(scope), eq(creativeAssets.sha256, sha256)));
  return row;
}

export interface AssetListQuery {
  kind?: MediaKind;
  q?: string;
  offset: number;
  limit: number;
}

export async function listAssets(db: Database, scope: AssetScope, query: AssetListQuery) {
  const where = and(
    ofScope(scope),
    query.kind ? eq(creativeAssets.kind, query.kind) : undefined,
    query.q ? ilike(creativeAssets.name, likeContains(query.q)) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(creativeAssets)
      .where(where)
      .orderBy(desc(creativeAssets.createdAt), desc(creativeAssets.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(creativeAssets).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** How many plans (campaigns) have an ad that uses the asset. */
export async function plansUsing(db: Pick<Database, 'select'>, assetId: string): Promise<number> {
  const [row] = await db
    .select({ plans: countDistinct(campaignAds.campaignId) })
    .from(campaignAdAssets)
    .innerJoin(campaignAds, eq(campaignAds.id, campaignAdAssets.adId))
    .where(eq(campaignAdAssets.assetId, assetId));
  return row?.plans ?? 0;
}

export type DeleteOutcome = { deleted: AssetRow } | { inUseBy: number } | { missing: true };

/**
 * Deletes the asset's row unless a plan uses it. The row is locked first, so an ad saved meanwhile either
 * waits and then fails its foreign key, or is counted here; the restricting foreign key is the last word.
 */
export async function deleteAsset(db: Database, scope: AssetScope, id: string): Promise<DeleteOutcome> {
  if (!UUID.test(id)) return { missing: true };
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(creativeAssets)
        .where(and(ofScope(scope), eq(creativeAssets.id, id)))
        .for('update');
      if (!row) return { missing: true };
      const inUseBy = await plansUsing(tx, id);
      if (inUseBy > 0) return { inUseBy };
      await tx.delete(creativeAssets).where(eq(creativeAssets.id, id));
      return { deleted: row };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return { inUseBy: Math.max(1, await plansUsing(db, id)) };
    throw error;
  }
}

const codeOf = (error: unknown) =>
  (error as { code?: string } | null)?.code ?? (error as { cause?: { code?: string } } | null)?.cause?.code;
export const isForeignKeyViolation = (error: unknown) => codeOf(error) === '23503';
export const isUniqueViolation = (error: unknown) => codeOf(error) === '23505';
