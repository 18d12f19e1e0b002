import { type CampaignDelivery, computePacing, deliveryTotals } from '@contract/pacing';
import { and, asc, eq } from 'drizzle-orm';
import { campaignNotFound } from '../campaigns/store';
import type { ScopeContext } from '../data/define';
import { RESOURCES } from '../data/resources';
import { scopeCondition } from '../data/scope';
import { parseId } from '../data/store';
import type { Database } from '../db/connect';
import { bookings, campaignFlights, campaigns } from '../db/schema';
import { thresholdsOf } from './settings';
import { dailyDeliveryOfCampaign } from './spend';

/**
 * `GET /api/campaigns/{id}/delivery`: the campaign's delivery by platform and day, and each flight's pacing.
 * A flight's spend is its platform's delivery within its dates (a platform's flights do not overlap). A
 * flight's booked amount is its booking's, unless that booking was cancelled.
 */
export async function campaignDeliveryOf(
  db: Database,
  scope: ScopeContext,
  rawId: string,
  today: string,
): Promise<CampaignDelivery> {
  const def = RESOURCES.campaigns;
  const id = parseId(def, rawId);
  if (id === null) throw campaignNotFound();
  const [campaign] = await db
    .select()
    .from(campaigns)
    .where(and(scopeCondition(def, scope), eq(campaigns.id, String(id))));
  if (!campaign) throw campaignNotFound();
  const [reported, flights, booked, thresholds] = await Promise.all([
    dailyDeliveryOfCampaign(db, campaign.accountId, campaign.id),
    db
      .select()
      .from(campaignFlights)
      .where(eq(campaignFlights.campaignId, campaign.id))
      .orderBy(asc(campaignFlights.position)),
    db.select().from(bookings).where(eq(bookings.campaignId, campaign.id)),
    thresholdsOf(db, campaign.accountId),
  ]);

  // As it stood on `today`: nothing after it (only a test or a moved sandbox clock has such days).
  const days = reported.filter((day) => day.date <= today);
  const platformKeys = [...new Set([...campaign.platforms, ...days.map((d) => d.platformKey)])];
  const daily = new Map<string, number>();
  for (const day of days) daily.set(day.date, (daily.get(day.date) ?? 0) + day.spendMinor);

  return {
    campaign: { id: campaign.id, name: campaign.name, currency: campaign.currency, status: campaign.status },
    today,
    totals: deliveryTotals(days),
    platforms: platformKeys.map((platformKey) => ({
      platformKey,
      totals: deliveryTotals(days.filter((d) => d.platformKey === platformKey)),
    })),
    flights: flights.map((flight) => {
      const booking = booked.find((b) => b.flightId === flight.id && b.status !== 'cancelled');
      return {
        id: flight.id,
        platformKey: flight.platformKey,
        position: flight.position,
        startDate: flight.startDate,
        endDate: flight.endDate,
        amountMinor: flight.amountMinor,
        pacing: computePacing({
          amountMinor: flight.amountMinor,
          periodStart: flight.startDate,
          periodEnd: flight.endDate,
          today,
          dailySpend: days.filter((d) => d.platformKey === flight.platformKey),
          bookedMinor: booking?.amountMinor ?? 0,
          thresholds,
        }),
      };
    }),
    daily: [...daily].map(([date, spendMinor]) => ({ date, spendMinor })),
  };
}
