import type { DeliveryDay } from '@contract/delivery';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';

type Executor = Pick<Database, 'execute'>;

/**
 * Writes what a platform reported for the account's campaigns: one row per campaign, platform and day,
 * replacing the day when it is there already (a re-sync or a restatement), so running it twice changes
 * nothing. One statement per call (arrays unnested by PostgreSQL), whatever the number of days. The
 * caller vouches that every campaign is the account's. Returns the number of rows written or changed.
 * The rollups (delivery_rollup_daily, delivery_campaign_spans, delivery_campaign_cumulative) follow in the
 * same statement: triggers add the changed rows' deltas (migration 0015_delivery_rollups, docs/reports.md).
 */
export async function upsertDeliveryDays(
  db: Executor,
  accountId: string,
  days: readonly DeliveryDay[],
): Promise<number> {
  if (days.length === 0) return 0;
  const column = <K extends keyof DeliveryDay>(key: K) => days.map((day) => day[key]);
  // Writers of the same campaigns take turns (delivery_turn in the delivery trigger, migration 0019), all
  // of a statement's turns in key order. An upsert fires the insert and the update trigger, each knowing
  // only its own rows: two sorted runs are not one order, so the statement takes all of its turns first.
  const result = await db.execute(sql`
    WITH locked AS (
      SELECT count(pg_advisory_xact_lock(k)) AS turns FROM (
        SELECT DISTINCT delivery_turn(c.account_id, c.id) AS k
        FROM campaigns c WHERE c.id = ANY(${sql.param(column('campaignId'))}::uuid[]) ORDER BY k) AS keys)
    INSERT INTO delivery_daily AS d
      (account_id, campaign_id, platform_key, date, impressions, reach, clicks, spend_minor, conversions)
    SELECT ${accountId}::uuid, t.campaign_id, t.platform_key, t.date, t.impressions, t.reach, t.clicks,
           t.spend_minor, t.conversions
    FROM locked, unnest(
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

const COUNTS = 'impressions, reach, clicks, spend_minor, conversions';
const SUMS = 'sum(impressions), sum(reach), sum(clicks), sum(spend_minor), sum(conversions)';

/**
 * Within `work`, writes to delivery_daily leave the rollups alone (a bulk COPY would otherwise build
 * millions of deltas); call rebuildRollups for every account touched before the transaction ends.
 */
export async function deferRollups(db: Executor): Promise<void> {
  await db.execute(sql`SELECT set_config('flightplan.rollups', 'deferred', true)`);
}

/**
 * Recomputes the account's rollups from delivery_daily (the platform rollup from the daily one): after a
 * bulk load, or to repair. Rows are written
 * day by day (the order report scans read them in: a range is then a few contiguous pages), the running
 * totals dense from each campaign's first to its last delivered day.
 */
export async function rebuildRollups(db: Executor, accountId: string): Promise<void> {
  // The aggregations below group millions of rows: in memory, not in temporary files (this transaction only).
  await db.execute(sql`SELECT set_config('work_mem', '256MB', true)`);
  await db.execute(sql`DELETE FROM delivery_rollup_daily WHERE account_id = ${accountId}`);
  await db.execute(sql`DELETE FROM delivery_campaign_cumulative WHERE account_id = ${accountId}`);
  await db.execute(sql`DELETE FROM delivery_campaign_spans WHERE account_id = ${accountId}`);
  await db.execute(sql`
    INSERT INTO delivery_rollup_daily (account_id, currency, date, platform_key, customer_id, ${sql.raw(COUNTS)})
    SELECT d.account_id, c.currency, d.date, d.platform_key, c.customer_id,
           sum(d.impressions), sum(d.reach), sum(d.clicks), sum(d.spend_minor), sum(d.conversions)
    FROM delivery_daily d JOIN campaigns c ON c.id = d.campaign_id
    WHERE d.account_id = ${accountId}
    GROUP BY d.account_id, c.currency, d.date, d.platform_key, c.customer_id
    ORDER BY d.account_id, c.currency, d.date`);
  await rebuildPlatformRollup(db, accountId);
  await db.execute(sql`
    INSERT INTO delivery_campaign_spans (campaign_id, account_id, first_date, last_date, currency, ${sql.raw(COUNTS)})
    SELECT x.campaign_id, x.account_id, x.first_date, x.last_date, c.currency, ${sql.raw(
      COUNTS.split(', ')
        .map((n) => `x.${n}`)
        .join(', '),
    )}
    FROM (
      SELECT campaign_id, account_id, min(date), max(date), ${sql.raw(SUMS)}
      FROM delivery_daily WHERE account_id = ${accountId}
      GROUP BY campaign_id, account_id
    ) AS x(campaign_id, account_id, first_date, last_date, ${sql.raw(COUNTS)})
    JOIN campaigns c ON c.id = x.campaign_id`);
  await db.execute(sql`
    INSERT INTO delivery_campaign_cumulative (campaign_id, date, account_id, ${sql.raw(COUNTS)})
    SELECT s.campaign_id, s.first_date + i, s.account_id,
           sum(coalesce(x.impressions, 0)) OVER w, sum(coalesce(x.reach, 0)) OVER w,
           sum(coalesce(x.clicks, 0)) OVER w, sum(coalesce(x.spend_minor, 0)) OVER w,
           sum(coalesce(x.conversions, 0)) OVER w
    FROM delivery_campaign_spans s
    CROSS JOIN LATERAL generate_series(0, s.last_date - s.first_date) AS i
    LEFT JOIN (
      SELECT campaign_id, date, ${sql.raw(SUMS)} FROM delivery_daily WHERE account_id = ${accountId}
      GROUP BY campaign_id, date
    ) AS x(campaign_id, date, ${sql.raw(COUNTS)}) ON x.campaign_id = s.campaign_id AND x.date = s.first_date + i
    WHERE s.account_id = ${accountId}
    WINDOW w AS (PARTITION BY s.campaign_id ORDER BY s.first_date + i)
    ORDER BY 2, 1`);
}

/** The platform rollup of the account, summed again from its daily rollup (a few hundred thousand rows at most). */
export async function rebuildPlatformRollup(db: Executor, accountId: string): Promise<void> {
  await db.execute(sql`DELETE FROM delivery_rollup_platform_daily WHERE account_id = ${accountId}`);
  await db.execute(sql`
    INSERT INTO delivery_rollup_platform_daily (account_id, currency, date, platform_key, ${sql.raw(COUNTS)})
    SELECT account_id, currency, date, platform_key, ${sql.raw(SUMS)}
    FROM delivery_rollup_daily WHERE account_id = ${accountId}
    GROUP BY account_id, currency, date, platform_key
    ORDER BY account_id, currency, date`);
}
