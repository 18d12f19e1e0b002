import type { Budget, Customer } from '@contract/resources';
import type { FetchPageInput } from '@machines/resourceList';
import { dataProvider } from '@src/api/dataProvider';

import { customerName } from '@src/api/referenceData';

export interface BudgetRow extends Budget {
  /** The customer's name; null without a customer, or when it cannot be read. */
  customerName: string | null;
}

/** One page of budgets, with their customers' names (reference data: a dash without them). */
export async function fetchBudgetPage(input: FetchPageInput, signal: AbortSignal) {
  const page = await dataProvider.getList({
    resource: 'budgets',
    pagination: { current: input.page, pageSize: input.pageSize },
    sorters: input.sorters,
    filters: input.filters,
    signal,
  });
  const customerIds = [...new Set(page.data.flatMap((b) => (b.customerId ? [b.customerId] : [])))];
  const names = customerIds.length
    ? await dataProvider
        .getMany({ resource: 'customers', ids: customerIds, signal })
        .then(({ data }) => new Map(data.map((c) => [c.id, c.name.trim() || 'Unnamed customer'])))
        .catch(() => new Map<string, string>())
    : new Map<string, string>();
  const rows: BudgetRow[] = page.data.map((b) => ({
    ...b,
    customerName: b.customerId ? (names.get(b.customerId) ?? null) : null,
  }));
  return { data: rows, total: page.total };
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

export { formatAmountInput, parseAmount } from '@machines/shared/money';

/** The account's customers, by name, for the budget forms' customer menu. */
export async function loadCustomerChoices(): Promise<Customer[]> {
  const { data } = await dataProvider.getList({
    resource: 'customers',
    pagination: { mode: 'off' },
    sorters: [{ field: 'name', order: 'asc' }],
  });
  return data;
}
