import type { SnapshotFrom } from 'xstate';
import { connectPageForm, type PageFormView } from '../shared/formView';
import type { BudgetCreateMachine } from './budgetCreate.machine';
import { BUDGET_CREATE_FIELDS, type BudgetCreateEvent, type BudgetCreateField } from './budgetCreate.types';

export type BudgetCreateSnapshot = SnapshotFrom<BudgetCreateMachine>;

/** Everything the budget create form shows, derived from the machine's snapshot, with its commands. */
export type BudgetCreateView = PageFormView<Record<BudgetCreateField, string>, BudgetCreateField>;

export function connectBudgetCreate(
  snapshot: BudgetCreateSnapshot,
  send: (event: BudgetCreateEvent) => void,
): BudgetCreateView {
  return connectPageForm(snapshot, send, {
    fields: BUDGET_CREATE_FIELDS,
    submitLabel: 'Create budget',
    busyLabel: 'Creating…',
  });
}
