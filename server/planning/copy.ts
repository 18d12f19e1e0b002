import { asc, eq } from 'drizzle-orm';
import { campaignAllocations, campaignAudiences, campaignFlights, type campaigns } from '../db/schema';
import type { TxDatabase } from '../jobs/transaction';
import { syncBookings } from './bookings';

type CampaignRow = typeof campaigns.$inferSelect;

/**
 * A duplicate's plan: the source's allocations, audience and flights (new flights, so new tentative
 * bookings under the copy's name). The budget assignment stays with the source: the copy is a new draft
 * the planner assigns again.
 */
export async function copyPlan(tx: TxDatabase, source: CampaignRow, copy: CampaignRow): Promise<void> {
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
  const flights = await tx
    .select()
    .from(campaignFlights)
    .where(eq(campaignFlights.campaignId, source.id))
    .orderBy(asc(campaignFlights.position));
  if (flights.length === 0) return;
  const copied = await tx
    .insert(campaignFlights)
    .values(flights.map(({ id: _id, ...f }) => ({ ...f, campaignId: copy.id })))
    .returning();
  await syncBookings(
    tx,
    copy,
    copied.sort((a, b) => a.position - b.position),
  );
}
