import { eq } from 'drizzle-orm';
import { cancelBookingsOfFlights } from '../campaignRules/bookings';
import { campaignFlights } from '../db/schema';
import type { TxDatabase } from '../db/transaction';

/** The plan's flights as rows, and their removal (their bookings cancelled first). */
export const flightRows = (tx: TxDatabase, campaignId: string) =>
  tx
    .select()
    .from(campaignFlights)
    .where(eq(campaignFlights.campaignId, campaignId))
    .orderBy(campaignFlights.position);

export async function removeFlights(tx: TxDatabase, ids: string[]) {
  if (ids.length === 0) return;
  await cancelBookingsOfFlights(tx, ids);
  for (const id of ids) await tx.delete(campaignFlights).where(eq(campaignFlights.id, id));
}

/** Positions 0..n-1 again after flights were removed. */
export async function renumber(tx: TxDatabase, campaignId: string) {
  const rows = await flightRows(tx, campaignId);
  for (const [position, row] of rows.entries()) {
    if (row.position !== position)
      await tx.update(campaignFlights).set({ position }).where(eq(campaignFlights.id, row.id));
  }
}
