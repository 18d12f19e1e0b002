import type { BudgetDrawdown } from '@contract/planning';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ScopeContext } from '../data/define';
import { RESOURCES } from '../data/resources';
import { scopeCondition } from '../data/scope';
import { notFoundError, parseId } from '../data/store';
import type { Database } from '../db/connect';
import { bookings, budgets, campaigns } from '../db/schema';

/**
 * `GET /api/budgets/{id}/drawdown`: the campaigns assigned to a budget and their bookings. Committed
 * counts the bookings that are not cancelled; cancelled ones are listed too (the page shows what was
 * released), but add nothing.
 */
export async function drawdownOf(db: Database, scope: ScopeContext, rawId: string): Promise<BudgetDrawdown> {
  const def = RESOURCES.budgets;
  const id = parseId(def, rawId);
  if (id === null) throw notFoundError(def);
  const [budget] = await db
    .select()
    .from(budgets)
    .where(and(scopeCondition(def, scope), eq(budgets.id, String(id))));
  if (!budget) throw notFoundError(def);
  const assigned = await db
    .select()
    .from(campaigns)
    .where(and(scopeCondition(RESOURCES.campaigns, scope), eq(campaigns.budgetId, budget.id)))
    .orderBy(asc(campaigns.startDate), asc(campaigns.name));
  const ids = assigned.map((c) => c.id);
  const booked =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(bookings)
          .where(inArray(bookings.campaignId, ids))
          .orderBy(asc(bookings.startDate), asc(bookings.name));
  const counted = (b: (typeof booked)[number]) => b.status !== 'cancelled';
  const committedMinor = booked.filter(counted).reduce((sum, b) => sum + b.amountMinor, 0);
  return {
    budget: {
      id: budget.id,
      name: budget.name,
      customerId: budget.customerId,
      periodStart: budget.periodStart,
      periodEnd: budget.periodEnd,
      amountMinor: budget.amountMinor,
      currency: budget.currency,
    },
    committedMinor,
    remainingMinor: budget.amountMinor - committedMinor,
    campaigns: assigned.map((c) => ({
      id: c.id,
      name: c.name,
      status: c.status as BudgetDrawdown['campaigns'][number]['status'],
      planMinor: c.budgetMinor,
      committedMinor: booked
        .filter((b) => b.campaignId === c.id && counted(b))
        .reduce((sum, b) => sum + b.amountMinor, 0),
      overBudgetConfirmedAt: c.overBudgetConfirmedAt?.toISOString() ?? null,
    })),
    bookings: booked.map((b) => ({
      id: b.id,
      name: b.name,
      campaignId: b.campaignId,
      platformKey: b.platformKey,
      status: b.status as BudgetDrawdown['bookings'][number]['status'],
      startDate: b.startDate,
      endDate: b.endDate,
      amountMinor: b.amountMinor,
    })),
  };
}
