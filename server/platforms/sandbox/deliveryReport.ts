import type { DeliveryCounts } from '@contract/delivery';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { sandboxPlatformCampaigns } from '../../db/schema';
import type { DeliveryReport, PlatformCampaignRequest, PlatformCredentials } from '../connector';
import { estimateAudience } from './audienceEstimate';
import { addDays } from './clock';
import { SANDBOX_PLATFORMS } from './data';
import { type DeliveryFlight, type DeliveryInput, deliveryDays } from './delivery';

/**
 * What a sandbox platform reports delivering: for each of its campaigns, the foundation's generator
 * (./delivery.ts) over the flights it was sent, on the days the campaign was live. A campaign delivers only
 * while `active`: the days of its status history before it went live, and from the day it was paused or
 * deleted until it was resumed, deliver nothing (their planned spend is simply not spent, so a flight never
 * spends more than its amount). The seed (server/seed/seedDelivery.ts) writes the same numbers a sync reads.
 */

export type SandboxRecord = Pick<
  typeof sandboxPlatformCampaigns.$inferSelect,
  'externalId' | 'platformKey' | 'status' | 'payload' | 'statusHistory' | 'updatedAt'
>;

/** The generator's input for one record: its flights (or one over its dates) and its audience's size. */
export function deliveryInputOf(record: SandboxRecord): DeliveryInput {
  const request = record.payload as unknown as PlatformCampaignRequest;
  const adSet = request.adSet ?? null;
  const flights: DeliveryFlight[] = adSet?.flights?.length
    ? adSet.flights
    : request.startDate && request.endDate
      ? [
          {
            startDate: request.startDate,
            endDate: request.endDate,
            amountMinor: request.budgetMinor,
            pacing: 'even',
          },
        ]
      : [];
  return {
    externalId: record.externalId,
    platformKey: record.platformKey,
    objectiveId: request.objectiveId,
    audienceSize: adSet ? audienceMidpoint(record.platformKey, request.objectiveId, adSet.audience) : null,
    flights,
  };
}

function audienceMidpoint(
  platformKey: string,
  objectiveId: number,
  audience: NonNullable<PlatformCampaignRequest['adSet']>['audience'],
): number | null {
  const platform = SANDBOX_PLATFORMS.get(platformKey);
  if (!platform) return null;
  const { lower, upper } = estimateAudience(platform, { objectiveId, audience, dailyBudgetMinor: null });
  return Math.round((lower + upper) / 2);
}

const EVER = '0000-01-01';

/**
 * Which days the record delivered on: `[from, until)` ranges in which it was active. A record launched
 * through the sandbox has its whole history, from `in_review`. One from before histories (the demo seed's)
 * ran from the start: as what it is when it has no history yet (a paused or deleted one stopped on the day
 * of its last update), as active until its first recorded change otherwise.
 */
export function liveRanges(record: SandboxRecord): { from: string; until: string | null }[] {
  const recorded = record.statusHistory;
  const history =
    recorded[0]?.status === 'in_review'
      ? recorded
      : recorded.length > 0
        ? [{ status: 'active', on: EVER }, ...recorded]
        : record.status === 'active'
          ? [{ status: 'active', on: EVER }]
          : record.status === 'paused' || record.status === 'deleted'
            ? [
                { status: 'active', on: EVER },
                { status: record.status, on: record.updatedAt.toISOString().slice(0, 10) },
              ]
            : [];
  const ranges: { from: string; until: string | null }[] = [];
  for (const change of history) {
    const open = ranges.at(-1);
    if (change.status === 'active') {
      if (!open || open.until !== null) ranges.push({ from: change.on, until: null });
    } else if (open && open.until === null) {
      open.until = change.on;
    }
  }
  return ranges;
}

/** The record's delivery from `since` as reported on `asOf` (the platform's today). */
export function recordDelivery(
  record: SandboxRecord,
  since: string,
  asOf: string,
): { date: string; counts: DeliveryCounts }[] {
  const ranges = liveRanges(record);
  if (ranges.length === 0) return [];
  const days = deliveryDays(deliveryInputOf(record), { from: since, to: addDays(asOf, -1), asOf });
  return days.filter(({ date }) =>
    ranges.some((range) => date >= range.from && (range.until === null || date < range.until)),
  );
}

/**
 * Whether the calling ad account may read this record: a campaign launched through a connection names its
 * ad account (`payload.adAccountId`) and is reported to that account only. Records made before launches
 * carried credentials name none and are readable by whoever knows their external id.
 */
export function readableBy(record: SandboxRecord, credentials: PlatformCredentials | undefined): boolean {
  const owner = (record.payload as { adAccountId?: unknown }).adAccountId;
  return typeof owner !== 'string' || credentials === undefined || owner === credentials.externalAccountId;
}

/** The platform's report for `externalIds` from `since`, as of the sandbox day `asOf`. */
export async function sandboxDeliveryReport(
  db: Pick<Database, 'select'>,
  platformKey: string,
  request: { externalIds: readonly string[]; since: string },
  asOf: string,
  credentials?: PlatformCredentials,
): Promise<DeliveryReport> {
  const through = addDays(asOf, -1);
  if (request.externalIds.length === 0) return { rows: [], through };
  const records = await db
    .select({
      externalId: sandboxPlatformCampaigns.externalId,
      platformKey: sandboxPlatformCampaigns.platformKey,
      status: sandboxPlatformCampaigns.status,
      payload: sandboxPlatformCampaigns.payload,
      statusHistory: sandboxPlatformCampaigns.statusHistory,
      updatedAt: sandboxPlatformCampaigns.updatedAt,
    })
    .from(sandboxPlatformCampaigns)
    .where(
      and(
        eq(sandboxPlatformCampaigns.platformKey, platformKey),
        inArray(sandboxPlatformCampaigns.externalId, [...request.externalIds]),
      ),
    );
  const rows: DeliveryReport['rows'] = [];
  for (const record of records) {
    if (!readableBy(record, credentials)) continue;
    for (const day of recordDelivery(record, request.since, asOf)) {
      rows.push({ externalId: record.externalId, date: day.date, counts: day.counts });
    }
  }
  return { rows, through };
}
