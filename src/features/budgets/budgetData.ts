import type { Budget } from '../../../contract/resources';
import type { FetchPageInput } from '../../../machines/resourceList';
import { dataProvider } from '../../api/dataProvider';

import { customerName } from '../../api/referenceData';

export async function fetchBudgetPage(input: FetchPageInput, signal: AbortSignal) {
  return dataProvider.getList({
    resource: 'budgets',
    pagination: { current: input.page, pageSize: input.pageSize },
    sorters: input.sorters,
    filters: input.filters,
    signal,
  });
}

export interface BudgetDetail {
  budget: Budget;
  customer: string | null;
}

/** GET /api/budgets/:id (a 404 goes to the error screen) and its customer's name. */
export async function loadBudgetDetail(id: string): Promise<BudgetDetail> {
  const { data: budget } = await dataProvider.getOne({ resource: 'budgets', id });
  return { budget, customer: await customerName(budget.customerId) };
}

export { formatAmountInput, parseAmount } from '../../../machines/shared/money';
