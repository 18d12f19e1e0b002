/**
 * `GET /api/reports`: one page of groups with totals (JSON), or every group as CSV rows streamed from a
 * cursor. Metrics are computed in one place from the groups' summed counts (contract/reports.ts
 * metricValues), so the two formats and the page agree.
 */

import type { DeliveryCounts } from '@contract/delivery';
import { CURRENCIES } from '@contract/reference';
import {
  changeRatio,
  metricValues,
  previousPeriod,
  type ReportQuery,
  type ReportResponse,
  type ReportRow,
  type ReportValues,
} from '@contract/reports';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from '../db/connect';
import { groupLabels, type ReportScope, reportGroups, reportOrder, sortsByLabel, totalsOf } from './querySql';

type CountsRow = Record<'impressions' | 'reach' | 'clicks' | 'spend_minor' | 'conversions', number>;
export type GroupRow = CountsRow & {
  k1: string | null;
  k2: string | null;
  l1: string | null;
  l2: string | null;
} & Record<`p_${keyof CountsRow}`, number>;

const COUNT_COLUMNS = ['impressions', 'reach', 'clicks', 'spend_minor', 'conversions'] as const;
const COUNTS_AND_PREVIOUS = COUNT_COLUMNS.flatMap((n) => [`page.${n}`, `page.p_${n}`]).join(', ');

const counts = (row: CountsRow, prefix = ''): DeliveryCounts => {
  const at = (name: keyof CountsRow) => Number((row as Record<string, number>)[`${prefix}${name}`] ?? 0);
  return {
    impressions: at('impressions'),
    reach: at('reach'),
    clicks: at('clicks'),
    spendMinor: at('spend_minor'),
    conversions: at('conversions'),
  };
};

function shown(query: ReportQuery, all: Record<string, number | null>): ReportValues {
  return Object.fromEntries(query.metrics.map((metric) => [metric, all[metric] ?? null]));
}

/** A group's (or the totals') values, previous values and Δ, for the query's metrics. */
export function reportValues(
  query: ReportQuery,
  current: DeliveryCounts,
  previous: DeliveryCounts | null,
): Omit<ReportRow, 'keys'> {
  const values = shown(query, metricValues(current));
  if (!query.compare || !previous) return { values, previous: null, change: null };
  const before = shown(query, metricValues(previous));
  const change = Object.fromEntries(
    query.metrics.map((metric) => [metric, changeRatio(values[metric] ?? null, before[metric] ?? null)]),
  );
  return { values, previous: before, change };
}

export function reportRow(query: ReportQuery, row: GroupRow): ReportRow {
  const keys = query.groupBy.map((grouping, i) => ({
    grouping,
    value: i === 0 ? row.k1 : row.k2,
    label: (i === 0 ? row.l1 : row.l2) ?? '',
  }));
  return { keys, ...reportValues(query, counts(row), query.compare ? counts(row, 'p_') : null) };
}

export interface ReportContext {
  scope: ReportScope;
  currencies: string[];
  previousRange: { from: string; to: string } | null;
  dataThrough: string | null;
}

/**
 * The report's currency (asked for, or the account's main one: `mainCurrency`), the others the account's
 * delivering campaigns use, and the last day with delivery.
 */
export async function reportContext(
  db: Database,
  accountId: string,
  query: ReportQuery,
): Promise<ReportContext> {
  const { rows } = await db.execute<{
    currencies: string[] | null;
    main: string | null;
    data_through: string | null;
  }>(sql`
    SELECT
      (SELECT array_agg(currency ORDER BY n DESC, currency) FROM (
        SELECT s.currency, count(*) AS n FROM delivery_campaign_spans s
        WHERE s.account_id = ${accountId} GROUP BY s.currency) used) AS currencies,
      ${query.currency ? sql`NULL::text` : mainCurrencySql(accountId)} AS main,
      (SELECT max(date)::text FROM delivery_daily WHERE account_id = ${accountId}) AS data_through`);
  const used = rows[0]?.currencies ?? [];
  const currency = query.currency ?? rows[0]?.main ?? used[0] ?? CURRENCIES[0];
  return {
    scope: { accountId, currency },
    currencies: used.filter((code) => code !== currency),
    previousRange: query.compare ? previousPeriod(query.from, query.to) : null,
    dataThrough: rows[0]?.data_through ?? null,
  };
}

/**
 * The account's main currency, the one a report opens in: the currency of most of its budgets (what the
 * client's money is planned in; ties: the larger total), else of most of its campaigns, else none (then the
 * one most of its delivering campaigns use). An account whose budgets are all in EUR reports in EUR, even
 * when more of its campaigns run in GBP.
 */
function mainCurrencySql(accountId: string) {
  return sql`(SELECT currency FROM (
      SELECT currency, 1 AS source, count(*) AS n, sum(amount_minor) AS amount FROM budgets
      WHERE account_id = ${accountId} GROUP BY currency
      UNION ALL
      SELECT currency, 2 AS source, count(*) AS n, sum(budget_minor) AS amount FROM campaigns
      WHERE account_id = ${accountId} GROUP BY currency) candidates
    ORDER BY source, n DESC, amount DESC, currency LIMIT 1)`;
}

export async function runReport(
  db: Database,
  accountId: string,
  query: ReportQuery,
): Promise<ReportResponse> {
  const context = await reportContext(db, accountId, query);
  // Sorted by a figure, only the page's rows need their names; sorted by name, every group does.
  const everyLabel = sortsByLabel(query);
  const page = groupLabels(query, 'page');
  const { rows } = await db.execute<{
    row_count: number;
    rows: GroupRow[] | null;
    totals: CountsRow;
    previous_totals: CountsRow;
  }>(sql`
    WITH ${reportGroups(query, context.scope, context.previousRange, { labels: everyLabel })}
    SELECT (SELECT count(*) FROM g)::int AS row_count,
      (SELECT json_agg(g ORDER BY ${reportOrder(query)}) FROM (
        SELECT page.k1, page.k2, ${everyLabel ? sql`page.l1, page.l2` : page.columns},
          ${sql.raw(COUNTS_AND_PREVIOUS)}
        -- A top-N sort of the page only: numbering every group first would sort them all.
        FROM (SELECT * FROM g ORDER BY ${reportOrder(query)} LIMIT ${query.limit} OFFSET ${query.offset}) page
        ${everyLabel ? sql`` : page.joins}) g) AS rows,
      ${totalsOf('cur')} AS totals, ${totalsOf('prev')} AS previous_totals`);
  const answer = rows[0]!;
  return {
    query,
    currency: context.scope.currency,
    currencies: context.currencies,
    previousRange: context.previousRange,
    rows: (answer.rows ?? []).map((row) => reportRow(query, row)),
    rowCount: answer.row_count,
    totals: reportValues(query, counts(answer.totals), query.compare ? counts(answer.previous_totals) : null),
    dataThrough: context.dataThrough,
  };
}

const BATCH = 1000;

/**
 * Every group of the report in order, a batch at a time from a server-side cursor (the result is never
 * held whole), then the totals. `onRows` may wait (backpressure).
 */
export async function streamReport(
  db: Database,
  query: ReportQuery,
  context: ReportContext,
  onRows: (rows: ReportRow[]) => Promise<void>,
): Promise<Omit<ReportRow, 'keys'>> {
  const client = await db.$client.connect();
  const tx = drizzle(client);
  try {
    await client.query('BEGIN READ ONLY');
    await tx.execute(sql`
      DECLARE report_rows NO SCROLL CURSOR FOR
      WITH ${reportGroups(query, context.scope, context.previousRange)}
      SELECT g.* FROM g ORDER BY ${reportOrder(query)}`);
    for (;;) {
      const batch = await client.query<GroupRow>(`FETCH ${BATCH} FROM report_rows`);
      if (batch.rows.length > 0) await onRows(batch.rows.map((row) => reportRow(query, row)));
      if (batch.rows.length < BATCH) break;
    }
    await client.query('CLOSE report_rows');
    const { rows } = await tx.execute<{ totals: CountsRow; previous_totals: CountsRow }>(sql`
      WITH ${reportGroups(query, context.scope, context.previousRange)}
      SELECT ${totalsOf('cur')} AS totals, ${totalsOf('prev')} AS previous_totals`);
    await client.query('COMMIT');
    return reportValues(
      query,
      counts(rows[0]!.totals),
      query.compare ? counts(rows[0]!.previous_totals) : null,
    );
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
