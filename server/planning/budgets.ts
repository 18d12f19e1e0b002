import type { BudgetFit, BudgetOption } from '@contract/planning';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { budgetsCovering } from '../campaignRules/budgetCover';
import type { CampaignRow } from '../db/rows';
import { bookings, budgets, campaigns } from '../db/schema';
import type { TxDatabase } from '../db/transaction';

type BudgetRow = typeof budgets.$inferSelect;

/**
 * Budgets against plans (docs/planning.md, "Budgets"): a budget fits a plan when it is its customer's,
 * in its currency, and its period covers the plan's dates. Committed = the bookings that are not
 * cancelled of the campaigns assigned to the budget.
 */

export const fitsPlan = (
  budget: Pick<BudgetRow, 'customerId' | 'currency' | 'periodStart' | 'periodEnd'>,
  plan: Pick<CampaignRow, 'customerId' | 'currency' | 'startDate' | 'endDate'>,
): boolean =>
  plan.customerId !== null &&
  budget.customerId === plan.customerId &&
  budget.currency === plan.currency &&
  plan.startDate !== null &&
  plan.endDate !== null &&
  budget.periodStart <= plan.startDate &&
  budget.periodEnd >= plan.endDate;

/** What the campaigns assigned to `budgetId`, but `exceptCampaignId`, have booked on it. */
export async function committedOn(
  db: TxDatabase,
  budgetId: string,
  exceptCampaignId: string | null = null,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${bookings.amountMinor}), 0)` })
    .from(bookings)
    .innerJoin(campaigns, eq(bookings.campaignId, campaigns.id))
    .where(
      and(
        eq(campaigns.budgetId, budgetId),
        ne(bookings.status, 'cancelled'),
        exceptCampaignId ? ne(campaigns.id, exceptCampaignId) : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}

async function optionOf(db: TxDatabase, budget: BudgetRow, campaignId: string): Promise<BudgetOption> {
  return {
    id: budget.id,
    name: budget.name,
    periodStart: budget.periodStart,
    periodEnd: budget.periodEnd,
    amountMinor: budget.amountMinor,
    currency: budget.currency,
    committedElsewhereMinor: await committedOn(db, budget.id, campaignId),
  };
}

/** The campaign's account's budget with this id, or null (missing or another tenant's). */
export async function budgetOfAccount(
  db: TxDatabase,
  campaign: Pick<CampaignRow, 'accountId' | 'organizationId'>,
  budgetId: string,
): Promise<BudgetRow | null> {
  const [row] = await db
    .select()
    .from(budgets)
    .where(
      and(
        eq(budgets.id, budgetId),
        eq(budgets.accountId, campaign.accountId),
        eq(budgets.organizationId, campaign.organizationId),
      ),
    );
  return row ?? null;
}

/** The customer's budgets that fit the plan; none without a customer or dates. */
export async function budgetOptions(db: TxDatabase, campaign: CampaignRow): Promise<BudgetOption[]> {
  const covering = budgetsCovering(campaign);
  if (!covering) return [];
  const rows = await db
    .select()
    .from(budgets)
    .where(covering)
    .orderBy(asc(budgets.periodStart), asc(budgets.name));
  return Promise.all(rows.map((row) => optionOf(db, row, campaign.id)));
}

/** The plan against the budget it is assigned to; null without one. */
export async function budgetFitOf(db: TxDatabase, campaign: CampaignRow): Promise<BudgetFit | null> {
  if (!campaign.budgetId) return null;
  const budget = await budgetOfAccount(db, campaign, campaign.budgetId);
  if (!budget) return null;
  const option = await optionOf(db, budget, campaign.id);
  const leftAfterMinor = option.amountMinor - option.committedElsewhereMinor - campaign.budgetMinor;
  return {
    budget: option,
    planMinor: campaign.budgetMinor,
    leftAfterMinor,
    over: leftAfterMinor < 0,
    overBudgetConfirmedAt: campaign.overBudgetConfirmedAt?.toISOString() ?? null,
  };
}
