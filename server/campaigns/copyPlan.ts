import { addDays } from '@contract/planning';
import { asc, eq } from 'drizzle-orm';
import { syncBookings } from '../campaignRules/bookings';
import type { CampaignRow } from '../db/rows';
import {
  campaignAdAssets,
  campaignAds,
  campaignAllocations,
  campaignAudiences,
  campaignFlights,
} from '../db/schema';
import type { TxDatabase } from '../db/transaction';

/**
 * A duplicate's plan: the source's allocations, audience, ads (the same library assets: the copy is in
 * the same account) and flights (new flights, so new tentative bookings under the copy's name), moved by
 * `shiftDays` with the campaign's dates.
 */
export async function copyPlan(
  tx: TxDatabase,
  source: CampaignRow,
  copy: CampaignRow,
  shiftDays = 0,
): Promise<void> {
  const allocations = await tx
    .select()
    .from(campaignAllocations)
    .where(eq(campaignAllocations.campaignId, source.id));
  if (allocations.length > 0)
    await tx.insert(campaignAllocations).values(allocations.map((a) => ({ ...a, campaignId: copy.id })));
  const [audience] = await tx
    .select()
    .from(campaignAudiences)
    .where(eq(campaignAudiences.campaignId, source.id));
  if (audience) await tx.insert(campaignAudiences).values({ ...audience, campaignId: copy.id });
  await copyAds(tx, source.id, copy.id);
  const flights = await tx
    .select()
    .from(campaignFlights)
    .where(eq(campaignFlights.campaignId, source.id))
    .orderBy(asc(campaignFlights.position));
  if (flights.length === 0) return;
  const copied = await tx
    .insert(campaignFlights)
    // Each flight moves with the campaign, whole: it keeps its length, so it never ends before it starts.
    .values(
      flights.map(({ id: _id, ...f }) => ({
        ...f,
        campaignId: copy.id,
        startDate: addDays(f.startDate, shiftDays),
        endDate: addDays(f.endDate, shiftDays),
      })),
    )
    .returning();
  await syncBookings(
    tx,
    copy,
    copied.sort((a, b) => a.position - b.position),
  );
}

async function copyAds(tx: TxDatabase, sourceId: string, copyId: string) {
  const ads = await tx
    .select()
    .from(campaignAds)
    .where(eq(campaignAds.campaignId, sourceId))
    .orderBy(asc(campaignAds.position));
  for (const { id, ...ad } of ads) {
    const [copied] = await tx
      .insert(campaignAds)
      .values({ ...ad, campaignId: copyId })
      .returning({ id: campaignAds.id });
    const uses = await tx.select().from(campaignAdAssets).where(eq(campaignAdAssets.adId, id));
    if (uses.length > 0)
      await tx.insert(campaignAdAssets).values(uses.map((use) => ({ ...use, adId: copied!.id })));
  }
}
