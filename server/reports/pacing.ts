import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';

export interface DaySpend {
  date: string;
  spendMinor: number;
}

/**
 * What the budget's campaigns (those drawing on it now, in the budget's currency) spent on each day of
 * [from, to], every day listed (0 when nothing was spent): the pacing chart's series. Read from the
 * per-campaign running totals (a day's spend is the difference to the day before), so a campaign moved to
 * another budget takes its whole history with it. Null when the account has no such budget.
 */
export async function budgetDailySpend(
  db: Pick<Database, 'execute'>,
  accountId: string,
  budgetId: string,
  from: string,
  to: string,
): Promise<DaySpend[] | null> {
  const { rows } = await db.execute<{ found: boolean; days: DaySpend[] | null }>(sql`
    WITH budget AS (SELECT id, currency FROM budgets WHERE id = ${budgetId} AND account_id = ${accountId}),
    spent AS (
      SELECT k.date, k.spend_minor - coalesce(lag(k.spend_minor) OVER (PARTITION BY k.campaign_id ORDER BY k.date), 0) AS spend
      FROM budget
      JOIN campaigns c ON c.budget_id = budget.id AND c.account_id = ${accountId} AND c.currency = budget.currency
      JOIN delivery_campaign_cumulative k ON k.campaign_id = c.id
      WHERE k.date BETWEEN ${from}::date - 1 AND ${to}::date)
    SELECT EXISTS (SELECT 1 FROM budget) AS found,
      (SELECT json_agg(json_build_object('date', day::date::text, 'spendMinor', coalesce(total, 0)) ORDER BY day)
       FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS day
       LEFT JOIN (SELECT date, sum(spend)::bigint AS total FROM spent GROUP BY date) s ON s.date = day::date) AS days`);
  if (!rows[0]?.found) return null;
  return rows[0].days ?? [];
}
