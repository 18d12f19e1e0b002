import { type LiveContext, type LiveFlight, lockedThroughOf, todayUtc } from '@contract/planning';
import { displayNameOf } from '@contract/reference';
import { type CampaignStatus, LIVE_STATUSES } from '@machines/campaignLifecycle';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { CampaignRow } from '../db/rows';
import { campaignLivePlans, campaignPlatforms, campaigns, deliveryDaily } from '../db/schema';
import type { TxDatabase } from '../db/transaction';
import { flightRows } from './flights';
import { draftOf } from './snapshot';

/**
 * The live side of a campaign's plan (issue 28, docs/live-changes.md). Once launched, the plan's tables
 * are the draft of the next change; what runs is the snapshot in `campaign_live_plans` named by
 * `campaigns.live_hash`, and each placement's `applied_hash` says which snapshot that platform runs.
 */

export const isLive = (status: string) => LIVE_STATUSES.includes(status as CampaignStatus);

/** Placements that run something (a platform holds them), so a change is owed to them. */
export const RUNNING_PLACEMENTS = ['scheduled', 'active', 'paused', 'in_review'] as const;

/**
 * A campaign launched before the live plans were kept has no live hash: the plan as it is now (before the
 * first change is saved) is what runs. Recorded once, on the locked row.
 */
export async function ensureBaseline(tx: TxDatabase, row: CampaignRow, userId: string | null = null) {
  if (row.liveHash || !isLive(row.status)) return row.liveHash;
  const draft = await draftOf(tx, row);
  const { hash } = draft;
  await recordLivePlan(tx, row.id, draft, userId);
  await tx.update(campaigns).set({ liveHash: hash }).where(eq(campaigns.id, row.id));
  await tx
    .update(campaignPlatforms)
    .set({ appliedHash: hash })
    .where(and(eq(campaignPlatforms.campaignId, row.id), isNull(campaignPlatforms.appliedHash)));
  row.liveHash = hash;
  return hash;
}

/** A launch sends the plan as it is: that becomes what runs (inside the launch's transaction). */
export async function recordLaunchedPlan(tx: TxDatabase, row: CampaignRow, userId: string) {
  const draft = await draftOf(tx, row);
  await recordLivePlan(tx, row.id, draft, userId);
  await tx.update(campaigns).set({ liveHash: draft.hash }).where(eq(campaigns.id, row.id));
}

/** Keeps what was sent to the platforms under its hash (written once: the same plan twice is one row). */
export async function recordLivePlan(
  tx: TxDatabase,
  campaignId: string,
  { hash, snapshot, interestNames }: Awaited<ReturnType<typeof draftOf>>,
  userId: string | null,
) {
  await tx
    .insert(campaignLivePlans)
    .values({ campaignId, hash, snapshot, interestNames, appliedBy: userId })
    .onConflictDoNothing();
}

/**
 * True while an applied change is still on its way to a platform: a running placement behind the live
 * hash that has not been refused. Nothing may change under it.
 */
export async function isApplying(tx: TxDatabase, row: Pick<CampaignRow, 'id' | 'liveHash' | 'status'>) {
  if (!row.liveHash || !isLive(row.status)) return false;
  const [owed] = await tx
    .select({ key: campaignPlatforms.platformKey })
    .from(campaignPlatforms)
    .where(
      and(
        eq(campaignPlatforms.campaignId, row.id),
        inArray(campaignPlatforms.status, [...RUNNING_PLACEMENTS]),
        isNull(campaignPlatforms.updateError),
        or(isNull(campaignPlatforms.appliedHash), sql`${campaignPlatforms.appliedHash} <> ${row.liveHash}`),
      ),
    )
    .limit(1);
  return owed !== undefined;
}

/** What the live checks (contract/planning/liveChange.ts) need: delivered days and spend so far. */
export async function liveContextOf(
  tx: TxDatabase,
  row: CampaignRow,
  today = todayUtc(),
): Promise<LiveContext & { flights: LiveFlight[] }> {
  const flights = (await flightRows(tx, row.id)).map((f) => ({
    id: f.id,
    platform: f.platformKey,
    startDate: f.startDate,
    endDate: f.endDate,
    amountMinor: f.amountMinor,
  }));
  const days = await tx
    .select({
      platformKey: deliveryDaily.platformKey,
      date: deliveryDaily.date,
      spendMinor: deliveryDaily.spendMinor,
    })
    .from(deliveryDaily)
    .where(and(eq(deliveryDaily.accountId, row.accountId), eq(deliveryDaily.campaignId, row.id)));
  const spentByPlatform: Record<string, number> = {};
  const spentByFlight: Record<string, number> = {};
  let lastDelivered: string | null = null;
  for (const day of days) {
    spentByPlatform[day.platformKey] = (spentByPlatform[day.platformKey] ?? 0) + day.spendMinor;
    if (!lastDelivered || day.date > lastDelivered) lastDelivered = day.date;
    const flight = flights.find(
      (f) => f.platform === day.platformKey && f.startDate <= day.date && day.date <= f.endDate,
    );
    if (flight) spentByFlight[flight.id] = (spentByFlight[flight.id] ?? 0) + day.spendMinor;
  }
  return {
    flights,
    lockedThrough: lockedThroughOf(today, lastDelivered),
    spentByFlight,
    spentByPlatform,
    currency: row.currency,
    names: Object.fromEntries(row.platforms.map((key) => [key, displayNameOf(key)])),
  };
}
