import type { Database } from '@server/db/connect';
import { expect } from 'vitest';

const COUNTS = 'impressions, reach, clicks, spend_minor, conversions';

/** The account's rollups as stored, and as a fresh aggregation of delivery_daily says they must be. */
async function rollupsAndTruth(db: Database, accountId: string) {
  const q = async (text: string) => (await db.$client.query(text, [accountId])).rows;
  const nonZero =
    'NOT (impressions = 0 AND reach = 0 AND clicks = 0 AND spend_minor = 0 AND conversions = 0)';
  return {
    daily: await q(
      `SELECT currency, date, platform_key, customer_id, ${COUNTS} FROM delivery_rollup_daily
       WHERE account_id = $1 AND ${nonZero} ORDER BY 1, 2, 3, 4`,
    ),
    dailyTruth: await q(
      `SELECT * FROM (SELECT c.currency, d.date, d.platform_key, c.customer_id, sum(d.impressions)::bigint AS impressions,
         sum(d.reach)::bigint AS reach, sum(d.clicks)::bigint AS clicks, sum(d.spend_minor)::bigint AS spend_minor,
         sum(d.conversions)::bigint AS conversions
       FROM delivery_daily d JOIN campaigns c ON c.id = d.campaign_id WHERE d.account_id = $1
       GROUP BY 1, 2, 3, 4) x WHERE ${nonZero} ORDER BY 1, 2, 3, 4`,
    ),
    platform: await q(
      `SELECT currency, date, platform_key, ${COUNTS} FROM delivery_rollup_platform_daily
       WHERE account_id = $1 AND ${nonZero} ORDER BY 1, 2, 3`,
    ),
    platformTruth: await q(
      `SELECT * FROM (SELECT c.currency, d.date, d.platform_key, sum(d.impressions)::bigint AS impressions,
         sum(d.reach)::bigint AS reach, sum(d.clicks)::bigint AS clicks, sum(d.spend_minor)::bigint AS spend_minor,
         sum(d.conversions)::bigint AS conversions
       FROM delivery_daily d JOIN campaigns c ON c.id = d.campaign_id WHERE d.account_id = $1
       GROUP BY 1, 2, 3) x WHERE ${nonZero} ORDER BY 1, 2, 3`,
    ),
    cumulative: await q(
      `SELECT campaign_id, date, ${COUNTS} FROM delivery_campaign_cumulative WHERE account_id = $1 ORDER BY 1, 2`,
    ),
    // Every day of each campaign's span: what it delivered up to and including that day.
    cumulativeTruth: await q(
      `SELECT s.campaign_id, (s.first_date + i) AS date,
         coalesce(sum(d.impressions), 0)::bigint AS impressions, coalesce(sum(d.reach), 0)::bigint AS reach,
         coalesce(sum(d.clicks), 0)::bigint AS clicks, coalesce(sum(d.spend_minor), 0)::bigint AS spend_minor,
         coalesce(sum(d.conversions), 0)::bigint AS conversions
       FROM delivery_campaign_spans s CROSS JOIN generate_series(0, s.last_date - s.first_date) i
       LEFT JOIN delivery_daily d ON d.campaign_id = s.campaign_id AND d.date <= s.first_date + i
       WHERE s.account_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
    spans: await q(
      `SELECT campaign_id, ${COUNTS}, first_date <= (SELECT min(date) FROM delivery_daily d WHERE d.campaign_id = s.campaign_id) AS covers_first,
         last_date >= (SELECT max(date) FROM delivery_daily d WHERE d.campaign_id = s.campaign_id) AS covers_last,
         s.currency
       FROM delivery_campaign_spans s WHERE account_id = $1 AND EXISTS (SELECT 1 FROM delivery_daily d WHERE d.campaign_id = s.campaign_id)
       ORDER BY 1`,
    ),
    spansTruth: await q(
      `SELECT campaign_id, sum(impressions)::bigint AS impressions, sum(reach)::bigint AS reach,
         sum(clicks)::bigint AS clicks, sum(spend_minor)::bigint AS spend_minor,
         sum(conversions)::bigint AS conversions, true AS covers_first, true AS covers_last,
         (SELECT currency FROM campaigns c WHERE c.id = d.campaign_id) AS currency
       FROM delivery_daily d WHERE account_id = $1 GROUP BY 1 ORDER BY 1`,
    ),
  };
}

/** The rollups (migration 0015) equal what delivery_daily says, row for row. */
export async function expectRollupsExact(db: Database, accountId: string) {
  const r = await rollupsAndTruth(db, accountId);
  expect(r.daily).toEqual(r.dailyTruth);
  expect(r.platform).toEqual(r.platformTruth);
  expect(r.cumulative).toEqual(r.cumulativeTruth);
  expect(r.spans).toEqual(r.spansTruth);
}
