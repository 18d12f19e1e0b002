import { type BudgetPacing, computePacing, type Pacing } from '@contract/pacing';
import { addDays } from '@contract/planning/calendar';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { ScopeContext } from '../data/define';
import { RESOURCES } from '../data/resources';
import { scopeCondition } from '../data/scope';
import { notFoundError, parseId } from '../data/store';
import type { Database } from '../db/connect';
import { budgets } from '../db/schema';
import { committedOn } from '../planning/budgets';
import { dailySpendOfBudget } from './spend';

type BudgetRow = typeof budgets.$inferSelect;

/** The budget's pacing on `today`: booked as the drawdown counts it, spent from delivery. */
export async function pacingOfBudgetRow(db: Database, budget: BudgetRow, today: string): Promise<Pacing> {
  const to = addDays(today, -1) < budget.periodEnd ? addDays(today, -1) : budget.periodEnd;
  const [dailySpend, bookedMinor] = await Promise.all([
    to < budget.periodStart ? [] : dailySpendOfBudget(db, budget.accountId, budget, budget.periodStart, to),
    committedOn(db, budget.id),
  ]);
  return computePacing({
    amountMinor: budget.amountMinor,
    periodStart: budget.periodStart,
    periodEnd: budget.periodEnd,
    today,
    dailySpend,
    bookedMinor,
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
