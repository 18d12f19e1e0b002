import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '@server/db/connect';
import * as t from '@server/db/schema';
import type { PlatformAdSet, PlatformCampaignRequest } from '@server/platforms/connector';
import { addDays } from '@server/platforms/sandbox/clock';
import { eq } from 'drizzle-orm';

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
    const externalId = `${platformKey}_${randomBytes(8).toString('hex')}`;
    const reference = randomUUID();
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
    await db.insert(t.sandboxPlatformCampaigns).values({
      platformKey,
      externalId,
      reference,
      payload: { ...payload },
      status: 'active',
      statusHistory: [{ status: 'active', on: addDays(startDate, -1) }],
    });
  }
  return { id: campaign!.id, externalIds, flights };
}
