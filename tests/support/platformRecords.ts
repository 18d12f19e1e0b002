import type { Database } from '@server/db/connect';
import * as t from '@server/db/schema';
import type {
  ConnectorRegistry,
  PlatformCampaignRequest,
  PlatformCampaignStatus,
  PlatformConnector,
} from '@server/platforms/connector';
import { rejectsOn } from '@server/platforms/sandbox';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { usesRealConnector } from './connectors';

/**
 * What a platform holds for one of our campaigns, whichever store answers for it in this run: the in-process
 * sandbox's `sandbox_platform_campaigns`, the Graph stand-in's `sandbox_graph_objects` (Meta with `graph`), or
 * the Google Ads stand-in's resources with its shared campaign record (Google with `googleads`).
 */
export interface PlatformRecord {
  platformKey: string;
  /** The platform's id: `<key>_<hex>` in the in-process sandbox, a numeric string on Meta, digits on Google. */
  externalId: string;
  name: string;
  /** What the platform says the campaign is, in our words. */
  status: PlatformCampaignStatus;
  /** Our launch reference (the idempotency key) the platform keeps with it. */
  reference: string;
  campaignId: string;
  /** The budget the platform runs, in minor units (Google: its daily budget times the days). */
  budgetMinor: number;
  /**
   * Launches of this reference that reached the platform as a campaign: the in-process sandbox counts the
   * requests it received; a real API keeps no such count, so it is the campaigns the platform holds under
   * the reference (a retried launch that found the first creates none).
   */
  launches: number;
  /** The last day it runs (the sandbox: the plan's end; Meta: its last ad set's `end_time`). */
  endDate: string | null;
  /** The update references it applied, oldest first (Meta keeps them as `fp-update:<reference>` ad labels). */
  appliedUpdates: string[];
  /** Update requests received, repeats included: only the in-process sandbox counts them (null otherwise). */
  updateRequests: number | null;
  /** Everything the platform keeps of the campaign, to compare before and after (nothing sent: equal). */
  snapshot: unknown;
  /** Our plan as the platform runs it, where the store keeps it (the in-process sandbox and Google). */
  plan: PlatformCampaignRequest | null;
  createdAt: Date;
}

/** The launches the real connectors were asked for in this test file: campaign → (platform, reference). */
const launched: { campaignId: string; platformKey: string; reference: string }[] = [];

/**
 * The connectors with their launches observed, so `platformRecords` can find on a real platform what a
 * campaign launched even after it was renamed or deleted here (the platform's objects carry only our
 * reference, in their name). The in-process sandbox keeps our campaign id itself: returned as they are.
 */
export function observeLaunches(registry: ConnectorRegistry): ConnectorRegistry {
  const observed = new Map<string, PlatformConnector>();
  for (const [key, connector] of registry) {
    if (!usesRealConnector(key)) {
      observed.set(key, connector);
      continue;
    }
    observed.set(
      key,
      new Proxy(connector, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (property !== 'launch' || typeof value !== 'function') return value;
          return (request: PlatformCampaignRequest, ...rest: unknown[]) => {
            if (
              !launched.some(
                (l) =>
                  l.platformKey === key &&
                  l.reference === request.reference &&
                  l.campaignId === request.campaignId,
              )
            )
              launched.push({
                campaignId: request.campaignId,
                platformKey: key,
                reference: request.reference,
              });
            return value.call(target, request, ...rest);
          };
        },
      }),
    );
  }
  return observed;
}

/** Every platform's records of `campaignId`, oldest first. */
export async function platformRecords(db: Database, campaignId: string): Promise<PlatformRecord[]> {
  const records: PlatformRecord[] = [];
  const sandboxRows = await db
    .select()
    .from(t.sandboxPlatformCampaigns)
    .orderBy(asc(t.sandboxPlatformCampaigns.createdAt));
  for (const row of sandboxRows) {
    if (usesRealConnector(row.platformKey) || row.payload.campaignId !== campaignId) continue;
    const plan = row.payload as unknown as PlatformCampaignRequest;
    records.push({
      platformKey: row.platformKey,
      externalId: row.externalId,
      name: plan.name,
      status: row.status as PlatformCampaignStatus,
      reference: row.reference,
      campaignId,
      budgetMinor: plan.budgetMinor,
      launches: row.launchRequests,
      endDate: plan.endDate,
      appliedUpdates: row.appliedUpdates,
      updateRequests: row.updateRequests,
      snapshot: row.payload,
      plan,
      createdAt: row.createdAt,
    });
  }
  const ours = launched.filter((l) => l.campaignId === campaignId);
  for (const { platformKey, reference } of ours) {
    if (platformKey === 'meta') records.push(...(await graphRecords(db, campaignId, reference)));
    else if (platformKey === 'google') records.push(...(await googleAdsRecords(db, campaignId, reference)));
  }
  // One record per platform campaign, oldest first (as the platforms created them).
  const unique = [...new Map(records.map((r) => [`${r.platformKey}:${r.externalId}`, r])).values()];
  return unique.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The Graph stand-in's campaigns named with `[fp:<reference>]`, their ad sets' budgets and ads' review. */
async function graphRecords(db: Database, campaignId: string, reference: string): Promise<PlatformRecord[]> {
  const o = t.sandboxGraphObjects;
  const campaigns = await db
    .select()
    .from(o)
    .where(and(eq(o.kind, 'campaign'), sql`${o.fields}->>'name' like ${`%[fp:${reference}]%`}`))
    .orderBy(asc(o.createdAt));
  if (campaigns.length === 0) return [];
  const adSets = await db
    .select()
    .from(o)
    .where(
      and(
        eq(o.kind, 'adset'),
        inArray(
          o.parentId,
          campaigns.map((c) => c.id),
        ),
      ),
    )
    .orderBy(asc(o.createdAt));
  const ads = adSets.length
    ? await db
        .select()
        .from(o)
        .where(
          and(
            eq(o.kind, 'ad'),
            inArray(
              o.parentId,
              adSets.map((a) => a.id),
            ),
          ),
        )
        .orderBy(asc(o.createdAt))
    : [];
  const kept = (row: typeof o.$inferSelect) => ({ id: row.id, status: row.status, fields: row.fields });
  return campaigns.map((campaign) => {
    const name = String(campaign.fields.name ?? '');
    const status: PlatformCampaignStatus =
      campaign.status === 'DELETED' || campaign.status === 'ARCHIVED'
        ? 'deleted'
        : rejectsOn(name, 'meta')
          ? 'rejected'
          : campaign.status === 'PAUSED'
            ? 'paused'
            : 'active';
    const running = adSets.filter((a) => a.parentId === campaign.id && a.status === 'ACTIVE');
    const budgetMinor = running.reduce(
      (sum, a) => sum + Number(a.fields.lifetime_budget ?? a.fields.daily_budget ?? 0),
      0,
    );
    const ends = running.map((a) => String(a.fields.end_time ?? '').slice(0, 10)).filter(Boolean);
    const labels = ((campaign.fields.adlabels as { name: string }[] | undefined) ?? []).map((l) => l.name);
    const children = adSets.filter((a) => a.parentId === campaign.id);
    return {
      platformKey: 'meta',
      externalId: campaign.id,
      name,
      status,
      reference,
      campaignId,
      budgetMinor,
      launches: campaigns.length,
      endDate: ends.sort().at(-1) ?? null,
      updateRequests: null,
      appliedUpdates: labels
        .filter((l) => l.startsWith('fp-update:'))
        .map((l) => l.slice('fp-update:'.length)),
      snapshot: {
        campaign: kept(campaign),
        adSets: children.map(kept),
        ads: ads.filter((ad) => children.some((a) => a.id === ad.parentId)).map(kept),
      },
      plan: null,
      createdAt: campaign.createdAt,
    };
  });
}

/** The Google Ads stand-in's campaigns named with `fp:<reference>`, with their shared review/delivery record. */
async function googleAdsRecords(
  db: Database,
  campaignId: string,
  reference: string,
): Promise<PlatformRecord[]> {
  const r = t.sandboxGoogleAdsResources;
  const campaigns = await db
    .select()
    .from(r)
    .where(and(eq(r.kind, 'campaign'), sql`${r.fields}->>'name' like ${`%fp:${reference}%`}`))
    .orderBy(asc(r.createdAt));
  if (campaigns.length === 0) return [];
  const ids = campaigns.map((c) => String(c.fields.id));
  const shared = await db
    .select()
    .from(t.sandboxPlatformCampaigns)
    .where(
      and(
        eq(t.sandboxPlatformCampaigns.platformKey, 'google'),
        inArray(t.sandboxPlatformCampaigns.externalId, ids),
      ),
    );
  return campaigns.map((campaign) => {
    const id = String(campaign.fields.id);
    const record = shared.find((s) => s.externalId === id);
    const plan = (record?.payload ?? null) as unknown as PlatformCampaignRequest | null;
    return {
      platformKey: 'google',
      externalId: id,
      name: String(campaign.fields.name ?? ''),
      status: (record?.status ??
        (campaign.fields.status === 'REMOVED' ? 'deleted' : 'in_review')) as PlatformCampaignStatus,
      reference,
      campaignId,
      budgetMinor: plan?.budgetMinor ?? 0,
      launches: campaigns.length,
      endDate: plan?.endDate ?? null,
      appliedUpdates: record?.appliedUpdates ?? [],
      updateRequests: null,
      snapshot: record?.payload ?? null,
      plan,
      createdAt: campaign.createdAt,
    };
  });
}

/** The id format of each platform's campaigns in this run. */
export function externalIdPattern(platformKey: string): RegExp {
  if (platformKey === 'meta' && usesRealConnector('meta')) return /^\d+$/;
  if (platformKey === 'google' && usesRealConnector('google')) return /^\d+$/;
  return new RegExp(`^${platformKey}_[0-9a-f]{16}$`);
}
