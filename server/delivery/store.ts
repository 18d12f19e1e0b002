import { sql } from 'drizzle-orm';
import type { DeliveryDay } from '../../contract/delivery';
import type { Database } from '../db/connect';

type Executor = Pick<Database, 'execute'>;

/**
 * Writes what a platform reported for the account's campaigns: one row per campaign, platform and day,
 * replacing the day when it is there already (a re-sync or a restatement), so running it twice changes
 * nothing. One statement per call (arrays unnested by PostgreSQL), whatever the number of days. The
 * caller vouches that every campaign is the account's. Returns the number of rows written or changed.
 */
export async function upsertDeliveryDays(
  db: Executor,
  accountId: string,
  days: readonly DeliveryDay[],
): Promise<number> {
  if (days.length === 0) return 0;
  const column = <K extends keyof DeliveryDay>(key: K) => days.map((day) => day[key]);
  const result = await db.execute(sql`
    INSERT INTO delivery_daily AS d
      (account_id, campaign_id, platform_key, date, impressions, reach, clicks, spend_minor, conversions)
    SELECT ${accountId}::uuid, t.campaign_id, t.platform_key, t.date, t.impressions, t.reach, t.clicks,
           t.spend_minor, t.conversions
    FROM unnest(
      ${sql.param(column('campaignId'))}::uuid[], ${sql.param(column('platformKey'))}::text[], ${sql.param(column('date'))}::date[],
      ${sql.param(column('impressions'))}::bigint[], ${sql.param(column('reach'))}::bigint[], ${sql.param(column('clicks'))}::bigint[],
      ${sql.param(column('spendMinor'))}::bigint[], ${sql.param(column('conversions'))}::bigint[]
    ) AS t(campaign_id, platform_key, date, impressions, reach, clicks, spend_minor, conversions)
    ON CONFLICT (campaign_id, platform_key, date) DO UPDATE SET
      impressions = EXCLUDED.impressions, reach = EXCLUDED.reach, clicks = EXCLUDED.clicks,
      spend_minor = EXCLUDED.spend_minor, conversions = EXCLUDED.conversions, updated_at = now()
    WHERE (d.impressions, d.reach, d.clicks, d.spend_minor, d.conversions)
      IS DISTINCT FROM (EXCLUDED.impressions, EXCLUDED.reach, EXCLUDED.clicks, EXCLUDED.spend_minor, EXCLUDED.conversions)
  `);
  return result.rowCount ?? 0;
}
