import type { Budget } from '../../../contract/resources';
import type { FetchPageInput } from '../../../machines/resourceList';
import { dataProvider } from '../../api/dataProvider';
import { customerName } from '../records/referenceData';

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

/** "1250.5" → 125050 (cents); null when the text is not an amount with at most two decimals. */
export function parseAmount(text: string): number | null {
  const cleaned = text.trim().replace(/[\s,]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 125050 → "1250.50" (the edit field's value). */
export function formatAmountInput(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
