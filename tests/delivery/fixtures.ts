import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '@server/db/connect';
import * as t from '@server/db/schema';
import type { PlatformAdSet, PlatformCampaignRequest } from '@server/platforms/connector';
import { addDays } from '@server/platforms/sandbox/clock';
import { graphAdAccountId } from '@server/platforms/sandbox/graph/wire';
import { eq } from 'drizzle-orm';
import { usesRealConnector } from '../support/connectors';
import { googleAdsTestConnection } from '../support/googleAdsApp';

/**
 * Live campaigns as the launch job leaves them, written straight into the tables: the campaign and its
 * flights and confirmed bookings, its placements with external ids, and the sandbox platforms' records of
 * them (with the flights in the ad set, as a launch sends them). For the delivery tests.
 */

export const today = () => new Date().toISOString().slice(0, 10);

export async function newAccount(db: Database, name = 'Delivery test'): Promise<string> {
  const [org] = await db.insert(t.organizations).values({ name }).returning();
  const [account] = await db.insert(t.accounts).values({ organizationId: org!.id, name }).returning();
  return account!.id;
}

export type FixtureFlight = PlatformAdSet['flights'][number];

/** One evenly paced flight from `before` days before `day` to `after` days after it. */
export const evenFlight = (
  day: string,
  before: number,
  after: number,
  amountMinor: number,
): FixtureFlight[] => [
  { startDate: addDays(day, -before), endDate: addDays(day, after), amountMinor, pacing: 'even' },
];

export interface LiveCampaign {
  id: string;
  externalIds: Record<string, string>;
  flights: FixtureFlight[];
}

/** An active campaign on `platforms`, each with the same `flights`; the campaign's dates span them. */
export async function liveCampaign(
  db: Database,
  accountId: string,
  {
    platforms = ['meta'],
    flights,
    name = 'Delivery fixture',
  }: { platforms?: string[]; flights: FixtureFlight[]; name?: string },
): Promise<LiveCampaign> {
  const [account] = await db.select().from(t.accounts).where(eq(t.accounts.id, accountId));
  const startDate = flights[0]!.startDate;
  const endDate = addDays(flights.at(-1)!.endDate, 7);
  const perPlatform = flights.reduce((sum, f) => sum + f.amountMinor, 0);
  const [campaign] = await db
    .insert(t.campaigns)
    .values({
      organizationId: account!.organizationId,
      accountId,
      objectiveId: 2,
      name,
      status: 'active',
      startDate,
      endDate,
      budgetMinor: perPlatform * platforms.length,
      currency: 'EUR',
      platforms,
    })
    .returning();
  const externalIds: Record<string, string> = {};
  for (const platformKey of platforms) {
    const inserted = await db
      .insert(t.campaignFlights)
      .values(flights.map((f, position) => ({ campaignId: campaign!.id, platformKey, position, ...f })))
      .returning();
    await db.insert(t.bookings).values(
      inserted.map((f, i) => ({
        organizationId: account!.organizationId,
        accountId,
        campaignId: campaign!.id,
        flightId: f.id,
        platformKey,
        name: `${name} · ${platformKey} · flight ${i + 1}`,
        status: 'confirmed',
        startDate: f.startDate,
        endDate: f.endDate,
        amountMinor: f.amountMinor,
      })),
    );
    const reference = randomUUID();
    const externalId = usesRealConnector(platformKey)
      ? String(10n ** 17n + BigInt(`0x${randomBytes(7).toString('hex')}`))
      : `${platformKey}_${randomBytes(8).toString('hex')}`;
    externalIds[platformKey] = externalId;
    await db.insert(t.campaignPlatforms).values({
      campaignId: campaign!.id,
      platformKey,
      externalId,
      status: 'active',
      attempts: 1,
      launchKey: reference,
    });
    const payload: PlatformCampaignRequest = {
      reference,
      campaignId: campaign!.id,
      name,
      objectiveId: 2,
      startDate,
      endDate,
      budgetMinor: perPlatform,
      currency: 'EUR',
      adSet: {
        audience: { locations: ['DE'], ageMin: 18, ageMax: 65, genders: [], languages: [], interests: [] },
        bidStrategy: 'lowest_cost',
        costCapMinor: null,
        flights,
      },
      ads: [],
    };
    if (platformKey === 'meta' && usesRealConnector('meta')) {
      await runningOnGraph(db, accountId, externalId, payload, flights);
      continue;
    }
    const googleAds = platformKey === 'google' && usesRealConnector('google');
    const customerId = googleAds
      ? googleAdsTestConnection(`google-act-${accountId.slice(0, 8)}`).adAccount.id
      : '';
    if (googleAds)
      await db.insert(t.sandboxGoogleAdsResources).values({
        resourceName: `customers/${customerId}/campaigns/${externalId}`,
        customerId,
        kind: 'campaign',
        campaignId: externalId,
        fields: {
          resourceName: `customers/${customerId}/campaigns/${externalId}`,
          id: externalId,
          name: `${name} · fp:${reference}`,
          status: 'ENABLED',
          startDateTime: `${startDate} 00:00:00`,
          endDateTime: `${endDate} 23:59:59`,
        },
      });
    await db.insert(t.sandboxPlatformCampaigns).values({
      platformKey,
      externalId,
      reference: googleAds ? `customers/${customerId}/campaigns/${externalId}` : reference,
      payload: googleAds ? { ...payload, adAccountId: customerId } : { ...payload },
      status: 'active',
      statusHistory: [{ status: 'active', on: addDays(startDate, -1) }],
    });
  }
  return { id: campaign!.id, externalIds, flights };
}

/**
 * The campaign as the Graph stand-in keeps it when the real Meta connector launched it (the `real-connectors`
 * run): a campaign named with our reference in the account's `act_<id>` (connectPlatforms' ad account), and
 * one ad set per flight, live since the day before it starts (review done).
 */
async function runningOnGraph(
  db: Database,
  accountId: string,
  externalId: string,
  payload: PlatformCampaignRequest,
  flights: PlatformAdSet['flights'],
) {
  const act = graphAdAccountId(`meta-act-${accountId.slice(0, 8)}`);
  const live = [
    { status: 'in_review', on: addDays(payload.startDate!, -1) },
    { status: 'active', on: addDays(payload.startDate!, -1) },
  ];
  await db.insert(t.sandboxGraphObjects).values({
    id: externalId,
    kind: 'campaign',
    adAccountId: act,
    fields: {
      name: `${payload.name} [fp:${payload.reference}]`,
      objective: 'OUTCOME_TRAFFIC',
      special_ad_categories: [],
      buying_type: 'AUCTION',
    },
    status: 'ACTIVE',
    statusHistory: live,
  });
  for (const [position, flight] of flights.entries()) {
    await db.insert(t.sandboxGraphObjects).values({
      id: String(BigInt(externalId) + BigInt(position + 1)),
      kind: 'adset',
      adAccountId: act,
      parentId: externalId,
      fields: {
        name: `Flight ${position + 1} (${flight.startDate} to ${flight.endDate})`,
        campaign_id: externalId,
        lifetime_budget: String(flight.amountMinor),
        start_time: `${flight.startDate}T00:00:00+0000`,
        end_time: `${flight.endDate}T23:59:59+0000`,
        pacing_type: [flight.pacing === 'front_loaded' ? 'no_pacing' : 'standard'],
        billing_event: 'IMPRESSIONS',
        optimization_goal: 'LINK_CLICKS',
        bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
        targeting: { geo_locations: { countries: ['DE'] }, age_min: 18, age_max: 65 },
      },
      status: 'ACTIVE',
      statusHistory: live,
    });
  }
}
