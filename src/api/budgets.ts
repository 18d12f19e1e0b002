import { type BudgetDrawdown, BudgetDrawdownSchema } from '@contract/planning';
import { requestJson } from './http';

/**
 * `GET /api/budgets/{id}/drawdown`: the budget, what its campaigns' bookings commit (cancelled ones left
 * out), what remains, and those campaigns and bookings. A missing or foreign budget rejects with a 404
 * ApiError, like any record.
 */
export function loadBudgetDrawdown(budgetId: string, signal?: AbortSignal): Promise<BudgetDrawdown> {
  return requestJson('GET', `api/budgets/${encodeURIComponent(budgetId)}/drawdown`, BudgetDrawdownSchema, {
    signal,
  });
}
