/**
 * The SQL of one report: where its sums come from (the fastest rollup that can answer the query's shape,
 * docs/reports.md), how its groups are keyed, labelled and sorted. Every statement starts from the
 * account: a filter naming another tenant's campaign or customer simply matches nothing.
 */

import type { ReportGrouping, ReportMetric, ReportQuery } from '@contract/reports';
import { type SQL, sql } from 'drizzle-orm';

/**
 * - `cumulative`: campaign (and customer) groupings, any filter but platform: two reads of the running
 *   totals per campaign (cumulative(to) − cumulative(from − 1)).
 * - `platformDaily`: day, week and platform groupings with no customer, campaign or status in them: the
 *   per-day rollup by platform (7 rows a day).
 * - `daily`: the same with customers (grouped or filtered): the per-day rollup by customer and platform.
 * - `raw`: anything else (campaign × platform, campaign × day, a status filter on day groupings, …):
 *   delivery_daily itself, correct but proportional to the rows in range.
 */
export type ReportSource = 'cumulative' | 'platformDaily' | 'daily' | 'raw';

export function reportSource(query: ReportQuery): ReportSource {
  const groups = query.groupBy;
  if (
    query.platforms.length === 0 &&
    groups.includes('campaign') &&
    groups.every((g) => g === 'campaign' || g === 'customer')
  )
    return 'cumulative';
  if (!groups.includes('campaign') && query.campaignIds.length === 0 && query.statuses.length === 0)
    return groups.includes('customer') || query.customerIds.length > 0 ? 'daily' : 'platformDaily';
  return 'raw';
}

export interface ReportScope {
  accountId: string;
  currency: string;
}

const COUNTS = ['impressions', 'reach', 'clicks', 'spend_minor', 'conversions'] as const;

function keyExpression(source: ReportSource, grouping: ReportGrouping): SQL {
  const row = source === 'daily' || source === 'platformDaily' ? 'r' : source === 'raw' ? 'd' : 's';
  switch (grouping) {
    case 'campaign':
      return source === 'cumulative' ? sql`s.campaign_id::text` : sql`c.id::text`;
    case 'customer':
      return source === 'daily' ? sql`r.customer_id::text` : sql`c.customer_id::text`;
    case 'platform':
      return sql.raw(`${row}.platform_key`);
    case 'day':
      return sql.raw(`${row}.date::text`);
    case 'week':
      // ISO weeks start on Monday; the key is that Monday.
      return sql.raw(`date_trunc('week', ${row}.date)::date::text`);
  }
}

/** Rows of (k1, k2, counts) for one period, filtered; grouped later. */
function sourceRows(
  query: ReportQuery,
  scope: ReportScope,
  source: ReportSource,
  from: string,
  to: string,
): SQL {
  const [first, second] = query.groupBy;
  const k1 = keyExpression(source, first!);
  const k2 = second ? keyExpression(source, second) : sql`NULL::text`;
  const filters: SQL[] = [];
  const campaignSide = source === 'daily' ? 'r' : 'c';
  if (query.customerIds.length)
    filters.push(sql`${sql.raw(campaignSide)}.customer_id = ANY(${sql.param(query.customerIds)}::uuid[])`);
  if (query.campaignIds.length)
    filters.push(
      sql`${sql.raw(source === 'cumulative' ? 's.campaign_id' : 'c.id')} = ANY(${sql.param(query.campaignIds)}::uuid[])`,
    );
  if (query.statuses.length) filters.push(sql`c.status = ANY(${sql.param(query.statuses)}::text[])`);
  if (query.platforms.length)
    filters.push(
      sql`${sql.raw(source === 'daily' || source === 'platformDaily' ? 'r' : 'd')}.platform_key = ANY(${sql.param(query.platforms)}::text[])`,
    );
  const where = filters.length ? sql` AND ${sql.join(filters, sql` AND `)}` : sql``;
  const { accountId, currency } = scope;
  switch (source) {
    case 'cumulative': {
      // The spans know each campaign's currency: the campaigns themselves are read only for what they
      // alone know (customer, status).
      const campaigns =
        query.groupBy.includes('customer') || query.customerIds.length > 0 || query.statuses.length > 0
          ? sql`JOIN campaigns c ON c.id = s.campaign_id AND c.account_id = ${accountId}`
          : sql``;
      return sql`
        SELECT ${k1} AS k1, ${k2} AS k2,
          ${sql.raw(COUNTS.map((n) => `coalesce(a.${n}, s.${n}) - coalesce(b.${n}, 0) AS ${n}`).join(', '))}
        FROM delivery_campaign_spans s
        ${campaigns}
        LEFT JOIN delivery_campaign_cumulative a
          ON a.account_id = ${accountId} AND a.date = ${to}::date AND a.campaign_id = s.campaign_id
        LEFT JOIN delivery_campaign_cumulative b
          ON b.account_id = ${accountId} AND b.date = ${from}::date - 1 AND b.campaign_id = s.campaign_id
        WHERE s.account_id = ${accountId} AND s.first_date <= ${to}::date AND s.last_date >= ${from}::date
          AND s.currency = ${currency}${where}`;
    }
    case 'daily':
    case 'platformDaily':
      return sql`
        SELECT ${k1} AS k1, ${k2} AS k2, ${sql.raw(COUNTS.map((n) => `r.${n}`).join(', '))}
        FROM ${sql.raw(source === 'daily' ? 'delivery_rollup_daily' : 'delivery_rollup_platform_daily')} r
        WHERE r.account_id = ${accountId} AND r.currency = ${currency}
          AND r.date BETWEEN ${from}::date AND ${to}::date${where}`;
    case 'raw':
      return sql`
        SELECT ${k1} AS k1, ${k2} AS k2, ${sql.raw(COUNTS.map((n) => `d.${n}`).join(', '))}
        FROM delivery_daily d JOIN campaigns c ON c.id = d.campaign_id AND c.account_id = ${accountId}
        WHERE d.account_id = ${accountId} AND d.date BETWEEN ${from}::date AND ${to}::date
          AND c.currency = ${currency}${where}`;
  }
}

/** One row per group, groups that delivered nothing left out. The running totals give one row per campaign already. */
const summed = (rows: SQL, source: ReportSource) =>
  source === 'cumulative'
    ? sql`SELECT * FROM (${rows}) x WHERE ${sql.raw(COUNTS.map((n) => `${n} <> 0`).join(' OR '))}`
    : sql`
  SELECT k1, k2, ${sql.raw(COUNTS.map((n) => `sum(${n})::bigint AS ${n}`).join(', '))}
  FROM (${rows}) x GROUP BY k1, k2
  HAVING ${sql.raw(COUNTS.map((n) => `sum(${n}) <> 0`).join(' OR '))}`;

function labelOf(grouping: ReportGrouping, slot: 1 | 2, row: string): { join: SQL; label: SQL } {
  const key = `${row}.k${slot}`;
  const alias = `l${slot}`;
  switch (grouping) {
    case 'campaign':
      return {
        join: sql.raw(` LEFT JOIN campaigns ${alias} ON ${alias}.id = ${key}::uuid`),
        label: sql.raw(`${alias}.name`),
      };
    case 'customer':
      return {
        join: sql.raw(` LEFT JOIN customers ${alias} ON ${alias}.id = ${key}::uuid`),
        label: sql.raw(
          `CASE WHEN ${key} IS NULL THEN 'No customer' ELSE coalesce(nullif(${alias}.name, ''), 'Unnamed customer') END`,
        ),
      };
    case 'platform':
      return {
        join: sql.raw(` LEFT JOIN platforms ${alias} ON ${alias}.key = ${key}`),
        label: sql.raw(`coalesce(${alias}.display_name, ${key})`),
      };
    case 'day':
      return { join: sql``, label: sql.raw(`to_char(${key}::date, 'FMDD Mon YYYY')`) };
    case 'week':
      return { join: sql``, label: sql.raw(`'Week of ' || to_char(${key}::date, 'FMDD Mon YYYY')`) };
  }
}

/** A metric of a group as SQL over its sums (rates as exact numerics; null where the denominator is 0). */
const METRIC_SQL: Record<ReportMetric, string> = {
  spend: 'spend_minor',
  impressions: 'impressions',
  reach: 'reach',
  clicks: 'clicks',
  ctr: 'clicks::numeric / nullif(impressions, 0)',
  cpc: 'spend_minor::numeric / nullif(clicks, 0)',
  cpm: 'spend_minor::numeric * 1000 / nullif(impressions, 0)',
  conversions: 'conversions',
  costPerConversion: 'spend_minor::numeric / nullif(conversions, 0)',
};

/** Sorted by the chosen column; ties by the group keys, so pages never overlap or skip. */
export function reportOrder(query: ReportQuery): SQL {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const slot = query.groupBy.indexOf(query.sort as ReportGrouping) + 1;
  const column =
    slot > 0
      ? ['day', 'week'].includes(query.sort)
        ? `g.k${slot}`
        : `g.l${slot}`
      : `(${METRIC_SQL[query.sort as ReportMetric].replaceAll(/\b(impressions|reach|clicks|spend_minor|conversions)\b/g, 'g.$1')})`;
  return sql.raw(`${column} ${direction} NULLS LAST, g.k1 ASC NULLS FIRST, g.k2 ASC NULLS FIRST`);
}

/** Whether the order needs every group's label (sorted by a campaign, customer or platform name). */
export function sortsByLabel(query: ReportQuery): boolean {
  return query.groupBy.includes(query.sort as ReportGrouping) && !['day', 'week'].includes(query.sort);
}

/** The label columns (`l1`, `l2`) of rows aliased `row` (with keys `k1`, `k2`), and the joins they need. */
export function groupLabels(query: ReportQuery, row: string): { columns: SQL; joins: SQL } {
  const [first, second] = query.groupBy;
  const one = labelOf(first!, 1, row);
  const two = second ? labelOf(second, 2, row) : { join: sql``, label: sql`NULL::text` };
  return { columns: sql`${one.label} AS l1, ${two.label} AS l2`, joins: sql`${one.join}${two.join}` };
}

/**
 * The CTEs `cur` (this period's groups), `prev` (the previous period's, with `compare`) and `g` (each
 * current group with its previous sums, `p_<count>`, 0 when it did not deliver then; and its labels, or
 * with `labels: false` null ones, for a page that labels only its own rows: `groupLabels`).
 */
export function reportGroups(
  query: ReportQuery,
  scope: ReportScope,
  previous: { from: string; to: string } | null,
  { labels = true } = {},
): SQL {
  const source = reportSource(query);
  const named = labels
    ? groupLabels(query, 'cur')
    : { columns: sql`NULL::text AS l1, NULL::text AS l2`, joins: sql`` };
  const current = sql`cur AS MATERIALIZED (${summed(sourceRows(query, scope, source, query.from, query.to), source)})`;
  if (!previous)
    // Without a comparison there is nothing to join: the previous sums are 0.
    return sql`
    ${current},
    prev AS (SELECT NULL::text AS k1, NULL::text AS k2, ${sql.raw(COUNTS.map((n) => `0::bigint AS ${n}`).join(', '))} WHERE false),
    -- Not a copy of cur: its count and its page read cur itself (a label join unused by the count is
    -- dropped by the planner).
    g AS NOT MATERIALIZED (
      SELECT cur.k1, cur.k2, ${named.columns},
        ${sql.raw(COUNTS.map((n) => `cur.${n}, 0::bigint AS p_${n}`).join(', '))}
      FROM cur${named.joins})`;
  return sql`
    ${current},
    prev AS MATERIALIZED (${summed(sourceRows(query, scope, source, previous.from, previous.to), source)}),
    g AS MATERIALIZED (
      SELECT cur.k1, cur.k2, ${named.columns},
        ${sql.raw(COUNTS.map((n) => `cur.${n}, coalesce(prev.${n}, 0)::bigint AS p_${n}`).join(', '))}
      FROM cur LEFT JOIN prev ON coalesce(prev.k1, '') = coalesce(cur.k1, '') AND coalesce(prev.k2, '') = coalesce(cur.k2, '')
      ${named.joins})`;
}

export const totalsOf = (cte: 'cur' | 'prev') =>
  sql.raw(
    `(SELECT json_build_object(${COUNTS.map((n) => `'${n}', coalesce(sum(${n}), 0)::bigint`).join(', ')}) FROM ${cte})`,
  );
