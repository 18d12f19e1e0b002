import type { DeliveryDay } from '@contract/delivery';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { campaignPlatforms, campaigns, sandboxPlatformCampaigns } from '../db/schema';
import { upsertDeliveryDays } from '../delivery/store';
import { SYNC_FLUSH_ROWS } from '../delivery/sync';
import { sandboxToday } from '../platforms/sandbox/clock';
import { recordDelivery } from '../platforms/sandbox/deliveryReport';

const EARLIEST = '2000-01-01';

/**
 * The demo's delivery history up to yesterday: every placement the sandbox platforms hold is reported
 * exactly as a sync would read it today (sandbox/deliveryReport.ts over the same records), so the first
 * /reports and budget pages show numbers, and a later sync restates the last days instead of rewriting
 * history. Returns the rows written.
 */
export async function seedDelivery(db: Database, now = Date.now()): Promise<number> {
  const asOf = await sandboxToday(db, new Date(now));
  const placements = await db
    .select({
      accountId: campaigns.accountId,
      campaignId: campaignPlatforms.campaignId,
      externalId: sandboxPlatformCampaigns.externalId,
      platformKey: sandboxPlatformCampaigns.platformKey,
      status: sandboxPlatformCampaigns.status,
      payload: sandboxPlatformCampaigns.payload,
      statusHistory: sandboxPlatformCampaigns.statusHistory,
      updatedAt: sandboxPlatformCampaigns.updatedAt,
    })
    .from(campaignPlatforms)
    .innerJoin(campaigns, eq(campaigns.id, campaignPlatforms.campaignId))
    .innerJoin(
      sandboxPlatformCampaigns,
      and(
        eq(sandboxPlatformCampaigns.externalId, campaignPlatforms.externalId),
        eq(sandboxPlatformCampaigns.platformKey, campaignPlatforms.platformKey),
      ),
    )
    .where(isNotNull(campaignPlatforms.externalId));
  const byAccount = new Map<string, DeliveryDay[]>();
  for (const placement of placements) {
    const days = byAccount.get(placement.accountId) ?? [];
    byAccount.set(placement.accountId, days);
    for (const { date, counts } of recordDelivery(placement, EARLIEST, asOf)) {
      days.push({ campaignId: placement.campaignId, platformKey: placement.platformKey, date, ...counts });
    }
  }
  let written = 0;
  for (const [accountId, days] of byAccount) {
    for (let offset = 0; offset < days.length; offset += SYNC_FLUSH_ROWS) {
      written += await upsertDeliveryDays(db, accountId, days.slice(offset, offset + SYNC_FLUSH_ROWS));
    }
  }
  return written;
}
