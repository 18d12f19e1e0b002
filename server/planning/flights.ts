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

/**
 * `cancelBookings: false` for a live campaign's change: its bookings stay until the change is applied, then
 * those left without a flight are cancelled (server/planning/apply.ts).
 */
export async function removeFlights(
  tx: TxDatabase,
  ids: string[],
  { cancelBookings = true }: { cancelBookings?: boolean } = {},
) {
  if (ids.length === 0) return;
  if (cancelBookings) await cancelBookingsOfFlights(tx, ids);
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
