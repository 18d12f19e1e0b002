import { type BudgetPacing, computePacing, type Pacing, type PacingThresholds } from '@contract/pacing';
import { addDays } from '@contract/planning/calendar';
import { and, eq, gte, lte, ne } from 'drizzle-orm';
import type { ScopeContext } from '../data/define';
import { RESOURCES } from '../data/resources';
import { scopeCondition } from '../data/scope';
import { notFoundError, parseId } from '../data/store';
import type { Database } from '../db/connect';
import { bookings, budgets, campaigns } from '../db/schema';
import { thresholdsOf } from './settings';
import { dailySpendOfBudget } from './spend';

type BudgetRow = typeof budgets.$inferSelect;

/** What is booked on the budget: its campaigns' bookings, not cancelled, each over its own days. */
export async function bookedOnBudget(db: Database, budgetId: string) {
  return db
    .select({ amountMinor: bookings.amountMinor, startDate: bookings.startDate, endDate: bookings.endDate })
    .from(bookings)
    .innerJoin(campaigns, eq(bookings.campaignId, campaigns.id))
    .where(and(eq(campaigns.budgetId, budgetId), ne(bookings.status, 'cancelled')));
}

/**
 * The budget's pacing on `today`: spend (delivery in the budget's currency) against what is **booked** to
 * date — each booking spent evenly over its days — not the budget's whole amount (a €330 000 budget with
 * €2 300 booked is not underpacing), judged by the account's thresholds.
 */
export async function pacingOfBudgetRow(
  db: Database,
  budget: BudgetRow,
  today: string,
  thresholds?: PacingThresholds,
): Promise<Pacing> {
  const to = addDays(today, -1) < budget.periodEnd ? addDays(today, -1) : budget.periodEnd;
  const [dailySpend, booked, judgedBy] = await Promise.all([
    to < budget.periodStart ? [] : dailySpendOfBudget(db, budget.accountId, budget, budget.periodStart, to),
    bookedOnBudget(db, budget.id),
    thresholds ?? thresholdsOf(db, budget.accountId),
  ]);
  return computePacing({
    amountMinor: budget.amountMinor,
    periodStart: budget.periodStart,
    periodEnd: budget.periodEnd,
    today,
    dailySpend,
    bookedMinor: booked.reduce((sum, b) => sum + b.amountMinor, 0),
    plan: booked,
    thresholds: judgedBy,
  });
}

/** `GET /api/budgets/{id}/pacing`: a missing, malformed or another tenant's id is the same 404. */
export async function budgetPacingOf(
  db: Database,
  scope: ScopeContext,
  rawId: string,
  today: string,
): Promise<BudgetPacing> {
  const def = RESOURCES.budgets;
  const id = parseId(def, rawId);
  if (id === null) throw notFoundError(def);
  const [budget] = await db
    .select()
    .from(budgets)
    .where(and(scopeCondition(def, scope), eq(budgets.id, String(id))));
  if (!budget) throw notFoundError(def);
  return {
    budget: { id: budget.id, name: budget.name, currency: budget.currency },
    pacing: await pacingOfBudgetRow(db, budget, today),
  };
}

/** The account's budgets whose period contains `today`. */
export async function budgetsInProgress(
  db: Database,
  scope: ScopeContext,
  today: string,
): Promise<BudgetRow[]> {
  return db
    .select()
    .from(budgets)
    .where(
      and(
        scopeCondition(RESOURCES.budgets, scope),
        lte(budgets.periodStart, today),
        gte(budgets.periodEnd, today),
      ),
    );
}
