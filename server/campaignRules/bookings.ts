import { displayNameOf } from '@contract/reference';
import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { CampaignRow } from '../db/rows';
import { bookings, campaignFlights } from '../db/schema';
import type { TxDatabase } from '../db/transaction';

/**
 * Bookings are the plan's flights as line items (one per flight): created, changed and cancelled by
 * schedule and platforms saves, moved along by the campaign's lifecycle. Nobody books by hand.
 */

type FlightRow = typeof campaignFlights.$inferSelect;

/** `{campaign} · {Platform} · flight {n}`, n counting that platform's flights in plan order. */
export const bookingName = (campaignName: string, platformKey: string, n: number) =>
  `${campaignName} · ${displayNameOf(platformKey)} · flight ${n}`;

/**
 * One booking per flight of the campaign: a new flight's is created tentative, an existing one follows
 * its flight (dates, amount, name, currency), and the bookings of flights that are gone are cancelled
 * (they keep their numbers; their flight link is cleared by the flight's removal). With `create: false`
 * (a rename, a new currency) only the existing ones follow: a flight without a booking gets one from
 * its schedule's save, not from a change of the campaign's name.
 */
export async function syncBookings(
  tx: TxDatabase,
  campaign: CampaignRow,
  flights: FlightRow[],
  { create = true }: { create?: boolean } = {},
) {
  const counts = new Map<string, number>();
  for (const flight of flights) {
    const n = (counts.get(flight.platformKey) ?? 0) + 1;
    counts.set(flight.platformKey, n);
    const values = {
      name: bookingName(campaign.name, flight.platformKey, n),
      platformKey: flight.platformKey,
      startDate: flight.startDate,
      endDate: flight.endDate,
      amountMinor: flight.amountMinor,
      currency: campaign.currency,
    };
    const updated = await tx
      .update(bookings)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(bookings.flightId, flight.id))
      .returning({ id: bookings.id });
    if (updated.length === 0 && create) {
      await tx.insert(bookings).values({
        ...values,
        organizationId: campaign.organizationId,
        accountId: campaign.accountId,
        campaignId: campaign.id,
        flightId: flight.id,
        status: 'tentative',
      });
    }
  }
}

/** Cancels the bookings of these flights (before the flights go: their link is how they are found). */
export async function cancelBookingsOfFlights(tx: TxDatabase, flightIds: readonly string[]) {
  if (flightIds.length === 0) return;
  await tx
    .update(bookings)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(inArray(bookings.flightId, [...flightIds]), notInArray(bookings.status, ['completed'])));
}

/** A placement went live: that platform's tentative bookings of the campaign are now confirmed. */
export async function confirmBookings(tx: TxDatabase, campaignId: string, platformKey: string) {
  await tx
    .update(bookings)
    .set({ status: 'confirmed', updatedAt: sql`now()` })
    .where(
      and(
        eq(bookings.campaignId, campaignId),
        eq(bookings.platformKey, platformKey),
        eq(bookings.status, 'tentative'),
      ),
    );
}

/**
 * The campaign is going away: every booking not completed is cancelled while the row's delete has not
 * unlinked them yet, and its flights go first (their bookings' flight link cleared), because one cascade
 * removing flights while it sets the same bookings' campaign to null trips the flight foreign key.
 */
export async function cancelCampaignBookings(tx: TxDatabase, campaignId: string) {
  await tx
    .update(bookings)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(bookings.campaignId, campaignId), notInArray(bookings.status, ['completed', 'cancelled'])));
  await tx.delete(campaignFlights).where(eq(campaignFlights.campaignId, campaignId));
}

/** The sweep: confirmed bookings whose end date has passed are completed. Returns how many. */
export async function completeEndedBookings(db: TxDatabase, today: string): Promise<number> {
  const done = await db
    .update(bookings)
    .set({ status: 'completed', updatedAt: sql`now()` })
    .where(and(eq(bookings.status, 'confirmed'), lt(bookings.endDate, today)))
    .returning({ id: bookings.id });
  return done.length;
}
