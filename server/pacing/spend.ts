import type { DailySpend } from '@contract/pacing';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { campaigns, deliveryDaily } from '../db/schema';
import { budgetDailySpend } from '../reports/pacing';

/**
 * Every read of spend for pacing goes through here, written plainly against `delivery_daily`. The reports'
 * rollups (branch i14-reports-api) answer the same sums faster at scale; pointing these functions at them
 * changes nothing else. Callers have already checked that the budget or campaign is the account's; the
 * account condition stays in every statement all the same.
 */

/** Spend per day of the budget's campaigns in the budget's currency (another currency cannot be summed in). */
export async function dailySpendOfBudget(
  db: Database,
  accountId: string,
  budget: { id: string; currency: string },
  from: string,
  to: string,
): Promise<DailySpend[]> {
  // From the per-campaign running totals (server/reports/pacing.ts): two index reads per campaign of the
  // budget instead of every delivered row, however long its period.
  const days = await budgetDailySpend(db, accountId, budget.id, from, to);
  return (days ?? []).filter((day) => day.spendMinor !== 0);
}

export interface PlatformDay extends DailySpend {
  platformKey: string;
  impressions: number;
  reach: number;
  clicks: number;
  conversions: number;
}

/** The campaign's delivery per platform and day, every count. */
export async function dailyDeliveryOfCampaign(
  db: Database,
  accountId: string,
  campaignId: string,
): Promise<PlatformDay[]> {
  const rows = await db
    .select()
    .from(deliveryDaily)
    .where(and(eq(deliveryDaily.accountId, accountId), eq(deliveryDaily.campaignId, campaignId)))
    .orderBy(asc(deliveryDaily.date), asc(deliveryDaily.platformKey));
  return rows.map((r) => ({
    date: r.date,
    platformKey: r.platformKey,
    impressions: r.impressions,
    reach: r.reach,
    clicks: r.clicks,
    spendMinor: r.spendMinor,
    conversions: r.conversions,
  }));
}

/** The account's spend between two days, per campaign currency. */
export async function spendByCurrency(
  db: Database,
  accountId: string,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ currency: campaigns.currency, spendMinor: sql<string>`sum(${deliveryDaily.spendMinor})` })
    .from(deliveryDaily)
    .innerJoin(campaigns, eq(campaigns.id, deliveryDaily.campaignId))
    .where(
      and(
        eq(deliveryDaily.accountId, accountId),
        eq(campaigns.accountId, accountId),
        gte(deliveryDaily.date, from),
        lte(deliveryDaily.date, to),
      ),
    )
    .groupBy(campaigns.currency);
  return new Map(rows.map((r) => [r.currency, Number(r.spendMinor)]));
}
